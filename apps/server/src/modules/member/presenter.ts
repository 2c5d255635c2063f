// Shapes an account into the member's plan and profile (docs/requirements.md §3): getCusInfo, getUserInfo and GetSetmeal data.
import {
  type CusInfo,
  cityOfArea,
  DAY_MS,
  DEFAULT_CITY,
  levelName,
  type MemberUserInfo,
  PLAN,
  type SetmealInfo,
} from '@uc/shared';
import type { Account } from '../users/service.js';

export function toCusInfo(account: Account): CusInfo {
  return {
    company_name: account.companyName,
    is_sub: account.isSub,
    gid: account.membership.gid,
    level: account.membership.level,
    expired_time: account.membership.expiredAt,
  };
}

/** Plan names by id (docs/requirements.md §4 "Plan ids"). */
const PLAN_NAMES: Readonly<Record<number, string>> = {
  [PLAN.local]: 'VIP地方版',
  [PLAN.advanced]: 'VIP高级版',
  [PLAN.professional]: 'VIP专业版',
  [PLAN.group]: '集团版',
  [PLAN.supreme]: '至尊版',
  [PLAN.api]: 'API套餐',
};

/** Whole days until the expiry, rounded up, 0 once passed; null without expiry. */
export function daysLeft(expiredAt: string | null, now: Date): number | null {
  if (expiredAt === null) return null;
  return Math.max(0, Math.ceil((Date.parse(expiredAt) - now.getTime()) / DAY_MS));
}

export function toMemberUserInfo(account: Account, now: Date): MemberUserInfo {
  const { membership } = account;
  const city = cityOfArea(account.area) ?? DEFAULT_CITY;
  return {
    user_id: account.id,
    username: account.username,
    company_name: account.companyName,
    avatar: account.avatar,
    level: membership.level,
    level_name: levelName(membership.level),
    is_sub: account.isSub,
    gid: membership.gid,
    expired_time: membership.expiredAt,
    days_left: daysLeft(membership.expiredAt, now),
    citycode: city.citycode,
    cityname: city.cityname,
  };
}

export function toSetmeal(account: Account, now: Date): SetmealInfo {
  const { membership } = account;
  const left = daysLeft(membership.expiredAt, now);
  return {
    gid: membership.gid,
    name: (membership.gid !== null ? PLAN_NAMES[membership.gid] : undefined) ?? levelName(membership.level),
    level: membership.level,
    level_name: levelName(membership.level),
    expired_time: membership.expiredAt,
    days_left: left,
    expired: left === 0,
  };
}
