// The route guard of docs/requirements.md §2 as a pure decision: who may see which path, and when to fetch the session.

import type { Access } from '../../lib/access';
import type { BootState } from '../../lib/session/auth-store';
import {
  AUTH_PATHS,
  CREDIT_TOOL_PAGES,
  ERROR_PATHS,
  LOGIN_REQUIRED_PATHS,
  loginPath,
  MENULESS_PATHS,
  normalizePath,
  OPEN_PATHS,
  paths,
  SIGNED_IN_PATHS,
  SUB_ACCOUNT_CLOSED_PATHS,
} from '../../paths';

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
  /** The session's permission flags (level and roles from auth/info). */
  access: Pick<Access, 'isVip' | 'canSeePackages'>;
}

export type GuardDecision =
  | { type: 'allow' }
  /** Fetch user info and menus first (show a loader meanwhile). */
  | { type: 'bootstrap' }
  /** Session fetch under way or waiting on the login dialog. */
  | { type: 'wait' }
  | { type: 'redirect'; to: string };

const GUEST = '游客';

function isGuestName(name: string): boolean {
  return !name || name === GUEST;
}

/**
 * The no-permission page for a known page the menu tree does not grant. The menus carry no minimum level, so
 * the client reasons from the member: a sub-account on a package page is told it is a sub-account; below VIP
 * (level 20) the missing page is a VIP function (for a tool usage credits pay for, naming the tool); a VIP member lacks a higher level (401).
 */
function deniedPage(path: string, access: GuardInput['access']): string {
  if (!access.canSeePackages && SUB_ACCOUNT_CLOSED_PATHS.includes(path)) {
    // The page says why: the plans, or the team, are the main account's.
    return path === paths.accountSub
      ? `${paths.subAccountNoPermission}?for=team`
      : paths.subAccountNoPermission;
  }
  if (!access.isVip) {
    // A tool usage credits pay for: the page offers them beside the upgrade.
    const tool = CREDIT_TOOL_PAGES[path];
    return tool ? `${paths.vipNoPermission}?tool=${tool}` : paths.vipNoPermission;
  }
  return paths.unauthorized;
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

  if (path === paths.dashboard || OPEN_PATHS.includes(path)) return { type: 'allow' };

  if (input.hasToken) {
    if (input.granted?.has(path) || SIGNED_IN_PATHS.includes(path)) return { type: 'allow' };
    if (MENULESS_PATHS.includes(path) && input.access.canSeePackages) return { type: 'allow' };
    if (LOGIN_REQUIRED_PATHS.includes(path)) return { type: 'redirect', to: deniedPage(path, input.access) };
    return { type: 'redirect', to: paths.notFound };
  }

  if (LOGIN_REQUIRED_PATHS.includes(path)) {
    return { type: 'redirect', to: loginPath(`${path}${input.search}`) };
  }
  return { type: 'redirect', to: paths.notFound };
}
