// Applies the catalogue's decisions (http-policy.ts): dialogs, navigation, toasts; one dialog at a time.
import { loginPath, paths } from '../paths';
import type { FailureAction } from './http-policy';

export interface FailureEffectDeps {
  confirm(options: { title: string; content: string; okText: string; cancelText: string }): Promise<boolean>;
  toast(message: string): void;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Clears the local session (never calls an endpoint that could answer 401 again). */
  logout(): Promise<void>;
  /** The current in-app path with its query. */
  currentPath(): string;
}

/**
 * Builds the effect layer. Its `dialogOpen` guard makes concurrent failures (three 401s at once) open
 * one dialog; the later ones are dropped while it is open.
 */
export function createFailureEffects(deps: FailureEffectDeps) {
  let dialogOpen = false;

  async function relogin(message: string, redirect: 'dashboard' | 'current'): Promise<void> {
    if (dialogOpen) return;
    dialogOpen = true;
    // Taken now: by the time the user answers, the page may have moved on.
    const here = deps.currentPath();
    try {
      const ok = await deps.confirm({
        title: '系统提示',
        content: message,
        okText: '重新登录',
        cancelText: '取消',
      });
      await deps.logout();
      if (ok) {
        const back = redirect === 'dashboard' ? paths.dashboard : here;
        const onAuthPage = back.startsWith(paths.login);
        deps.navigate(onAuthPage ? paths.login : loginPath(back), { replace: true });
      }
    } finally {
      dialogOpen = false;
    }
  }

  return {
    apply(action: FailureAction): Promise<void> {
      switch (action.type) {
        case 'relogin':
          return relogin(action.message, action.redirect);
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
    isDialogOpen: () => dialogOpen,
  };
}
