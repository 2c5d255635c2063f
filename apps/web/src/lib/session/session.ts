// Session transitions (docs/requirements.md §4 "Login and session"): log in, log out, bootstrap, and following other tabs.

import { ApiError } from '@uc/client';
import { AUTH_API, type Envelope, type MenuRoute, type UserInfo } from '@uc/shared';
import { isEnvelope } from '../http/api-error';
import { takePageAnswer } from '../http/page-answers';
import { applyToken, applyUserInfo, clearLocalSession, setBootState, useAuthStore } from './auth-store';
import { getToken, isRemembered, setRememberFlag, setSessionCookies, setSiteCookie } from './cookies';
import { broadcastSession, onSessionMessage } from './session-channel';
import { cookieLifetimeDays, decodeToken } from './token';

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Lifetime of the session cookies set now (CCW-Site after a reload): derived from the token's expiry like at
 * login, when the session was started with remember-me (docs/requirements.md §9), so every cookie ends together.
 */
function sessionCookieDays(nowSeconds = nowInSeconds()): number | undefined {
  const payload = decodeToken(getToken());
  return payload ? cookieLifetimeDays(payload.exp, nowSeconds, isRemembered()) : undefined;
}

/**
 * Stores a new token after login (remember-me makes the cookies persistent). Returns its payload. The old
 * token and roles go (docs/requirements.md §4); the city stays, only logout clears it.
 */
export function startSession(token: string, rememberMe: boolean, nowSeconds = nowInSeconds()) {
  const payload = decodeToken(token);
  if (!payload) throw new ApiError({ kind: 'business', message: '登录凭证无效，请重新登录' });
  clearLocalSession({ broadcast: false, keepCity: true });
  const days = cookieLifetimeDays(payload.exp, nowSeconds, rememberMe);
  setSessionCookies(token, payload, days);
  setRememberFlag(rememberMe, days);
  applyToken(token, payload);
  broadcastSession({ type: 'login', token });
  return payload;
}

/** Logs out: tells the server (failure ignored, never a dialog), then clears everything local. */
export async function logout(): Promise<void> {
  if (getToken()) {
    try {
      const { postLogout } = await import('./api/logout');
      await postLogout();
    } catch {
      // The local session ends whatever the server says (docs/architecture.md §5).
    }
  }
  clearLocalSession();
}

let inflight: Promise<void> | null = null;

/** The session's user and menus, fetched or answered inside the page: the store, and CCW-Site for its site. */
function applySession(info: UserInfo, menus: MenuRoute[]): void {
  applyUserInfo(info, menus);
  setSiteCookie(info.s, sessionCookieDays());
}

/**
 * The session the server answered inside the page (its auth/info and menus), applied before the first render so a
 * signed-in page draws at once. Only for the token of the cookie the page was asked with (`token`: the server render
 * passes it, having no cookies to read); false when there is none.
 */
export function adoptPageSession(token: string = getToken()): boolean {
  const info = takePageAnswer(AUTH_API.info);
  const menus = takePageAnswer(AUTH_API.menus);
  const payload = decodeToken(token);
  if (!payload || !isEnvelope(info) || !isEnvelope(menus)) return false;
  const user = (info as Envelope<UserInfo>).data;
  if (user?.id !== payload.user_id) return false;
  const tree = (menus as Envelope<MenuRoute[]>).data;
  applySession(user, Array.isArray(tree) ? tree : []);
  return true;
}

/** Failures the HTTP client already acts on (login dialog, error page): no reload on top of them. */
function handledElsewhere(error: unknown): boolean {
  return error instanceof ApiError && (error.handledBy === 'relogin' || error.handledBy === 'navigate');
}

/**
 * Fetches user info and menus (docs/requirements.md §2 "Route guard"). On failure the session is dropped and the page
 * reloads, unless the HTTP client already shows the login dialog or an error page.
 */
export function bootstrapSession(reload: () => void = () => window.location.reload()): Promise<void> {
  inflight ??= (async () => {
    setBootState('loading');
    try {
      // Loaded on demand: the HTTP client is not needed to paint the login page.
      const [{ getUserInfo }, { getMenus }] = await Promise.all([
        import('./api/get-user-info'),
        import('./api/get-menus'),
      ]);
      const [info, menus] = await Promise.all([getUserInfo(), getMenus()]);
      applySession(info, menus);
    } catch (error) {
      if (handledElsewhere(error)) {
        // 401/30001: the dialog decides (both answers clear the session). 403/503: retry on next visit.
        setBootState(error instanceof ApiError && error.handledBy === 'navigate' ? 'idle' : 'failed');
      } else {
        clearLocalSession();
        reload();
      }
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/**
 * Follows other tabs: a logout there logs this tab out; a different token (another login) reloads it.
 * Also watches the token cookie itself, which the main site or an expiry may change.
 */
export function startSessionSync(reload: () => void = () => window.location.reload()): () => void {
  const check = () => {
    const cookieToken = getToken();
    const { token } = useAuthStore.getState();
    if (cookieToken === token) return;
    if (!cookieToken) {
      clearLocalSession({ broadcast: false });
      reload();
    } else {
      reload();
    }
  };
  const stopChannel = onSessionMessage(() => check());
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', check);
  const timer = window.setInterval(check, 5_000);
  return () => {
    stopChannel();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', check);
    window.clearInterval(timer);
  };
}
