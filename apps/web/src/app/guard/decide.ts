// The route guard of SPEC.md §2 as a pure decision: who may see which path, and when to fetch the session.

import type { BootState } from '../../lib/auth-store';
import { AUTH_PATHS, ERROR_PATHS, LOGIN_REQUIRED_PATHS, loginPath, normalizePath, paths } from '../../paths';

export interface GuardInput {
  /** In-app pathname (basename stripped). */
  pathname: string;
  /** Query string including '?' (and the hash), or ''. */
  search: string;
  hasToken: boolean;
  /** The stored user name ('' or 游客 until user info arrived). */
  name: string;
  boot: BootState;
  /** Paths the menu tree grants (null until fetched). */
  granted: ReadonlySet<string> | null;
}

export type GuardDecision =
  | { type: 'allow' }
  /** Fetch user info and menus first (show a loader meanwhile). */
  | { type: 'bootstrap' }
  /** Session fetch under way or waiting on the login dialog. */
  | { type: 'wait' }
  | { type: 'redirect'; to: string };

const GUEST = '游客';

export function isGuestName(name: string): boolean {
  return !name || name === GUEST;
}

export function decideGuard(input: GuardInput): GuardDecision {
  const path = normalizePath(input.pathname);

  if (AUTH_PATHS.includes(path)) {
    return input.hasToken ? { type: 'redirect', to: paths.dashboard } : { type: 'allow' };
  }
  if (ERROR_PATHS.includes(path)) return { type: 'allow' };
  if (path === paths.root) return { type: 'redirect', to: paths.dashboard };

  // With a token, or without one but with a remembered non-guest name: fetch info and menus first.
  const sessionWanted = input.hasToken || !isGuestName(input.name);
  if (sessionWanted && (input.granted === null || isGuestName(input.name) || !input.hasToken)) {
    if (input.boot === 'loading' || input.boot === 'failed') return { type: 'wait' };
    return { type: 'bootstrap' };
  }

  if (path === paths.dashboard) return { type: 'allow' };

  if (input.hasToken) {
    if (input.granted?.has(path)) return { type: 'allow' };
    if (LOGIN_REQUIRED_PATHS.includes(path)) return { type: 'redirect', to: paths.unauthorized };
    return { type: 'redirect', to: paths.notFound };
  }

  if (LOGIN_REQUIRED_PATHS.includes(path)) {
    return { type: 'redirect', to: loginPath(`${path}${input.search}`) };
  }
  return { type: 'redirect', to: paths.notFound };
}
