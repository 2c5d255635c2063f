// Permission flags (SPEC.md §6), ant-design-pro style: components ask these, never compare levels themselves.
import { LEVEL } from '@uc/shared';

export interface AccessInput {
  /** Whether a token is present. */
  token: string;
  name: string;
  level: number;
  /** Sub-account flag from getCusInfo (is_sub). */
  isSub?: boolean;
  /** Roles from auth/info: a sub-account has SUB_ACCOUNT_ROLE (the guard knows no getCusInfo). */
  roles?: readonly string[];
}

/** The auth/info role of a sub-account (the server's ROLE.sub). */
export const SUB_ACCOUNT_ROLE = 'sub';

/** What a sub-account is told about the package pages (SPEC.md §6: the message says it is a sub-account). */

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
  const isSub = isLoggedIn && (Boolean(user.isSub) || Boolean(user.roles?.includes(SUB_ACCOUNT_ROLE)));
  return {
    isLoggedIn,
    isVisitor: !isLoggedIn,
    isTrial: isLoggedIn && level <= LEVEL.trialMax,
    isVip: isLoggedIn && level >= LEVEL.vipLocal,
    isSub,
    canSeePackages: !isSub,
    showVipMark: level < LEVEL.vipLocal,
  };
}
