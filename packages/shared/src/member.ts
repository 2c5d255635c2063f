// Who the member is and which plan applies: getCusInfo, getUserInfo and GetSetmeal data (docs/requirements.md §3 and §7).
import { z } from 'zod';

/** GET getCusInfo data (docs/requirements.md §3). */
export const cusInfoSchema = z.object({
  company_name: z.string(),
  is_sub: z.boolean(),
  gid: z.number().nullable(),
  level: z.number(),
  /** ISO date-time of the plan's expiry, or null. */
  expired_time: z.string().nullable(),
});
export type CusInfo = z.infer<typeof cusInfoSchema>;

/** getUserInfo: who the member is, for the dashboard header. */
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
  /** Whole days until expiry (0 once expired), null without expiry. */
  days_left: z.number().nullable(),
  /** The member's city (default area of the region chart). */
  citycode: z.string(),
  cityname: z.string(),
});
export type MemberUserInfo = z.infer<typeof memberUserInfoSchema>;

/** GetSetmeal: the plan that applies to the member. */
export const setmealSchema = z.object({
  gid: z.number().nullable(),
  /** Plan name, or the level name for a member without a plan id. */
  name: z.string(),
  level: z.number(),
  level_name: z.string(),
  expired_time: z.string().nullable(),
  days_left: z.number().nullable(),
  expired: z.boolean(),
});
export type SetmealInfo = z.infer<typeof setmealSchema>;
