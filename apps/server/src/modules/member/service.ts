// The member's plan as the app clock sees it: days left, whether it has run out, and who may see it.
import type { CusInfo, MemberUserInfo, SetmealInfo } from '@uc/shared';
import type { Account } from '../users/service.js';
import { toCusInfo, toMemberUserInfo, toSetmeal } from './presenter.js';

interface MemberDeps {
  now: () => Date;
}

export function createMemberService({ now }: MemberDeps) {
  return {
    cusInfo(account: Account): CusInfo {
      return toCusInfo(account);
    },

    userInfo(account: Account): MemberUserInfo {
      return toMemberUserInfo(account, now());
    },

    /** The plan is the main account's business (the route admits main accounts only). */
    setmeal(account: Account): SetmealInfo {
      return toSetmeal(account, now());
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
