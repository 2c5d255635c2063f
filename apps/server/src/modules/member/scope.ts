// Whose data a request reads: the member behind the signed-in account (a sub-account reads its main account's).
import { cityOfArea, DEFAULT_CITY } from '@uc/shared';
import type { Account } from '../users/service.js';

/** The signed-in caller as the modules holding member data see it; the auth plugin puts it on `request.member`. */
export interface Member {
  /** The main account's id: owner of customers, subscriptions, publicity and funding records. */
  ownerId: number;
  /** The caller's own account (a sub-account's, not its main account's). */
  accountId: number;
  isSub: boolean;
  /** The level that applies (the main account's plan for a sub-account, trial rights once it has expired). */
  level: number;
  /** The session (token jti) the request came with. */
  sessionId: string;
  /** The caller's own city (district codes fold into their city), default Shenzhen. */
  cityCode: string;
  companyName: string;
}

/** The member of a signed-in account and its session. */
export function toMember({ account, jti }: { account: Account; jti: string }): Member {
  return {
    // A sub-account's push group is its main account (ARCHITECTURE.md §5), and so is whose data it reads.
    ownerId: account.isSub && account.groupId > 0 ? account.groupId : account.id,
    accountId: account.id,
    isSub: account.isSub,
    level: account.membership.level,
    sessionId: jti,
    cityCode: cityOfArea(account.area)?.citycode ?? DEFAULT_CITY.citycode,
    companyName: account.companyName,
  };
}
