// Permission flags (docs/requirements.md §6), ant-design-pro style: components ask these, never compare levels themselves.
import { isTrialLevel, isVipLevel, LEVEL, ROLE } from '@uc/shared';
import { useMemo } from 'react';
import { useAuthStore } from './session/auth-store';

export interface AccessInput {
  /** Whether a token is present. */
  token: string;
  name: string;
  level: number;
  /** Sub-account flag from getCusInfo (is_sub). */
  isSub?: boolean;
  /** Roles from auth/info: a sub-account has ROLE.sub (the guard knows no getCusInfo). */
  roles?: readonly string[];
}

/** What a sub-account is told about the package pages (docs/requirements.md §6: the message says it is a sub-account). */

export interface Access {
  isLoggedIn: boolean;
  isVisitor: boolean;
  /** Experience users: level 10 or below (no push settings). */
  isTrial: boolean;
  isVip: boolean;
  isSub: boolean;
  /** Sub-accounts cannot open the package pages. */
  canSeePackages: boolean;
  /** The VIP mark on quick-nav entries shows below level 20. */
  showVipMark: boolean;
}

export function computeAccess(user: AccessInput): Access {
  const isLoggedIn = Boolean(user.token);
  const level = isLoggedIn && Number.isFinite(user.level) ? user.level : LEVEL.visitor;
  const isSub = isLoggedIn && (Boolean(user.isSub) || Boolean(user.roles?.includes(ROLE.sub)));
  return {
    isLoggedIn,
    isVisitor: !isLoggedIn,
    isTrial: isLoggedIn && isTrialLevel(level),
    isVip: isLoggedIn && isVipLevel(level),
    isSub,
    canSeePackages: !isSub,
    showVipMark: !isVipLevel(level),
  };
}

/** What getCusInfo adds where a screen has fetched it: the database's level and the sub-account flag. */
export interface MemberFacts {
  level?: number | null;
  is_sub?: boolean;
}

export interface SessionAccess extends Access {
  /** The level the flags were computed from: getCusInfo's when known, else the session's. */
  level: number;
}

/**
 * The flags of the signed-in user, from the session store (token, name, auth/info's level and roles). Screens
 * inside the layout pass what getCusInfo returned; the route guard runs before any of it is fetched.
 */
export function useAccess(member?: MemberFacts): SessionAccess {
  const token = useAuthStore((s) => s.token);
  const name = useAuthStore((s) => s.name);
  const sessionLevel = useAuthStore((s) => s.level);
  const roles = useAuthStore((s) => s.roles);
  const level = member?.level || sessionLevel;
  const isSub = member?.is_sub ?? false;
  return useMemo(
    () => ({ ...computeAccess({ token, name, level, isSub, roles }), level }),
    [token, name, level, isSub, roles],
  );
}
