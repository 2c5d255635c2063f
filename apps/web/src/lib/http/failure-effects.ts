// Applies the catalogue's decisions (http-policy.ts): dialogs, navigation, toasts; one dialog at a time.
import { loginPath, paths } from '../../paths';
import type { FailureAction } from './http-policy';

export interface FailureEffectDeps {
  /** `autoLogout`: a forced logout, whose dialog counts down and answers OK by itself. */
  confirm(options: {
    title: string;
    content: string;
    okText: string;
    cancelText: string;
    autoLogout?: boolean;
  }): Promise<boolean>;
  toast(message: string): void;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Clears the local session (never calls an endpoint that could answer 401 again). */
  logout(): Promise<void>;
  /** The current in-app path with its query. */
  currentPath(): string;
}

/** Lets one session dialog show at a time; a dialog asked for while another is open is dropped. */
export interface DialogGuard {
  /** Runs `show` unless a dialog is open; resolves when it is done (or at once when dropped). */
  run(show: () => Promise<void>): Promise<void>;
  isOpen(): boolean;
}

function createDialogGuard(): DialogGuard {
  let open = false;
  return {
    async run(show) {
      if (open) return;
      open = true;
      try {
        await show();
      } finally {
        open = false;
      }
    },
    isOpen: () => open,
  };
}

/**
 * The app's one guard for the dialogs that end a session: the HTTP client's re-login dialog (401, 30001)
 * and the push channel's 下线通知 (code 1). A push code 1 and a request answered 30001 show one dialog.
 */
export const sessionDialogs = createDialogGuard();

/**
 * Builds the effect layer. Its dialog guard makes concurrent failures (three 401s at once) open one dialog;
 * the later ones are dropped while it is open. The app passes `sessionDialogs`; tests get a fresh guard.
 */
export function createFailureEffects(deps: FailureEffectDeps, dialogs: DialogGuard = createDialogGuard()) {
  function relogin(message: string, redirect: 'dashboard' | 'current', forced: boolean): Promise<void> {
    return dialogs.run(async () => {
      // Taken now: by the time the user answers, the page may have moved on.
      const here = deps.currentPath();
      const ok = await deps.confirm({
        title: '系统提示',
        content: message,
        okText: '重新登录',
        cancelText: '取消',
        ...(forced ? { autoLogout: true } : {}),
      });
      await deps.logout();
      if (ok) {
        const back = redirect === 'dashboard' ? paths.dashboard : here;
        const onAuthPage = back.startsWith(paths.login);
        deps.navigate(onAuthPage ? paths.login : loginPath(back), { replace: true });
      }
    });
  }

  return {
    apply(action: FailureAction): Promise<void> {
      switch (action.type) {
        case 'relogin':
          return relogin(action.message, action.redirect, action.forced === true);
        case 'navigate':
          deps.navigate(action.to, { replace: false });
          return Promise.resolve();
        case 'toast':
          deps.toast(action.message);
          return Promise.resolve();
        case 'none':
          return Promise.resolve();
      }
    },
    isDialogOpen: () => dialogs.isOpen(),
  };
}
