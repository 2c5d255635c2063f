// Whose data a request reads: the member behind the signed-in account (a sub-account reads its main account's).
import { cityOfArea, DEFAULT_CITY } from '@uc/shared';
import type { Member } from '../../plugins/auth.js';
import type { Account } from '../users/service.js';

/** The member of a signed-in account and its session. */
export function toMember({ account, jti }: { account: Account; jti: string }): Member {
  return {
    // A sub-account's push group is its main account (docs/architecture.md §5), and so is whose data it reads.
    ownerId: account.isSub && account.groupId > 0 ? account.groupId : account.id,
    accountId: account.id,
    isSub: account.isSub,
    level: account.membership.level,
    sessionId: jti,
    cityCode: cityOfArea(account.area)?.citycode ?? DEFAULT_CITY.citycode,
    companyName: account.companyName,
  };
}
