// Whose data a request reads: the member behind the signed-in account (a sub-account reads its main account's).
import { cityOfArea, DEFAULT_CITY } from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth.js';
import type { Account } from '../users/service.js';

/** The member behind an account, as the modules holding member data see it. */
export interface Member {
  /** The main account's id: owner of customers, subscriptions, publicity and funding records. */
  id: number;
  /** The caller's own city (district codes fold into their city), default Shenzhen. */
  cityCode: string;
  companyName: string;
}

function memberOf(account: Account): Member {
  // A sub-account's push group is its main account (ARCHITECTURE.md §5), and so is whose data it reads.
  const id = account.isSub && account.groupId > 0 ? account.groupId : account.id;
  return {
    id,
    cityCode: cityOfArea(account.area)?.citycode ?? DEFAULT_CITY.citycode,
    companyName: account.companyName,
  };
}

/** The member of a signed-in (`auth`) route. */
export const currentMember = (request: FastifyRequest): Member => memberOf(currentUser(request).account);
