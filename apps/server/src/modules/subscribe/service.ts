// The member's subscriptions and own publicity items (我的公示): the dashboard's first few and the full list by page.
import { LIMITS, type OwnPublicityItem, type PagedSuccess, type SubscriptionItem } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { type Paging, readSuccessPage } from '../../lib/paging.js';
import type { Member } from '../member/scope.js';
import { countOwnPublicity, listOwnPublicity, listSubscriptions } from './repo.js';

interface SubscribeDeps {
  db: Db;
}

export function createSubscribeService({ db }: SubscribeDeps) {
  return {
    /** The newest `size` subscriptions. */
    mySubscriptions(member: Member, size: number): Promise<SubscriptionItem[]> {
      return listSubscriptions(db, member.id, size);
    },

    /** The dashboard's tab: the newest LIMITS.ownPublicityLimit (5) own publicity items. */
    myPublicity(member: Member): Promise<OwnPublicityItem[]> {
      return listOwnPublicity(db, member.id, LIMITS.ownPublicityLimit);
    },

    /** /usercenter/publicity: every own publicity item, newest first, a page at a time. */
    myPublicityPage(member: Member, paging: Paging): Promise<PagedSuccess<OwnPublicityItem>> {
      return readSuccessPage(
        paging,
        (limit, offset) => listOwnPublicity(db, member.id, limit, offset),
        () => countOwnPublicity(db, member.id),
      );
    },
  };
}

export type SubscribeService = ReturnType<typeof createSubscribeService>;
