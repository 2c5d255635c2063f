// Who the member is and which plan applies: getCusInfo, getUserInfo and GetSetmeal data (SPEC.md §3 and §7).

/** GET getCusInfo data (SPEC.md §3). */
export interface CusInfo {
  company_name: string;
  is_sub: boolean;
  gid: number | null;
  level: number;
  /** ISO date-time of the plan's expiry, or null. */
  expired_time: string | null;
}

/** getUserInfo: who the member is, for the dashboard header. */
export interface MemberUserInfo {
  user_id: number;
  username: string;
  company_name: string;
  avatar: string;
  level: number;
  level_name: string;
  is_sub: boolean;
  gid: number | null;
  expired_time: string | null;
  /** Whole days until expiry (0 once expired), null without expiry. */
  days_left: number | null;
  /** The member's city (default area of the region chart). */
  citycode: string;
  cityname: string;
}

/** GetSetmeal: the plan that applies to the member. */
export interface SetmealInfo {
  gid: number | null;
  /** Plan name, or the level name for a member without a plan id. */
  name: string;
  level: number;
  level_name: string;
  expired_time: string | null;
  days_left: number | null;
  expired: boolean;
}
