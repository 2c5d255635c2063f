// Shapes an account into the member's plan and profile (SPEC.md §3): getCusInfo, getUserInfo and GetSetmeal data.
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
import { z } from 'zod';
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

export const cusInfoSchema = z.object({
  company_name: z.string(),
  is_sub: z.boolean(),
  gid: z.number().nullable(),
  level: z.number(),
  expired_time: z.string().nullable(),
}) satisfies z.ZodType<CusInfo>;

/** Plan names by id (SPEC.md §4 "Plan ids"). */
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

export const memberUserInfoSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  company_name: z.string(),
  avatar: z.string(),
  level: z.number(),
  level_name: z.string(),
  is_sub: z.boolean(),
  gid: z.number().nullable(),
  expired_time: z.string().nullable(),
  days_left: z.number().nullable(),
  citycode: z.string(),
  cityname: z.string(),
}) satisfies z.ZodType<MemberUserInfo>;

export const setmealSchema = z.object({
  gid: z.number().nullable(),
  name: z.string(),
  level: z.number(),
  level_name: z.string(),
  expired_time: z.string().nullable(),
  days_left: z.number().nullable(),
  expired: z.boolean(),
}) satisfies z.ZodType<SetmealInfo>;
