// Membership rules of the header card: the expiry warning and where renewal leads (SPEC.md §4).
import { isTrialLevel, LIMITS, renewsFromPlanList } from '@uc/shared';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../lib/ui/dayjs';
import { paths } from '../../../paths';

export interface ExpiryState {
  /** 'YYYY-MM-DD' in the viewer's time zone. */
  date: string;
  /** Whole calendar days from today to the expiry day (negative once expired). */
  daysLeft: number;
  /** Fewer than 30 days left: shown in red. */
  urgent: boolean;
  expired: boolean;
}

/**
 * The expiry warning: shown when the level is above 10 and an expiry exists (SPEC.md §4), red when fewer
 * than LIMITS.expiryWarningDays days remain. Null when there is nothing to show.
 */
export function expiryState(
  level: number,
  expiredTime: string | null | undefined,
  now: Dayjs = dayjs(),
): ExpiryState | null {
  if (isTrialLevel(level) || !expiredTime) return null;
  const end = dayjs(expiredTime);
  if (!end.isValid()) return null;
  const daysLeft = end.startOf('day').diff(now.startOf('day'), 'day');
  return {
    date: end.format('YYYY-MM-DD'),
    daysLeft,
    urgent: daysLeft < LIMITS.expiryWarningDays,
    expired: end.isBefore(now),
  };
}

export interface RenewInput {
  isSub: boolean;
  gid: number | null | undefined;
  level: number;
}

/** Plan ids count only when positive. */
function hasPlan(gid: number | null | undefined): gid is number {
  return typeof gid === 'number' && gid > 0;
}

/** The renew button shows for a main account that has a plan (SPEC.md §4 "For renewal"). */
export function canRenew(input: RenewInput): boolean {
  return !input.isSub && hasPlan(input.gid);
}

/**
 * Where renewing leads: platinum (40) and black gold (50), or no plan, go to the plan list; every other plan
 * to its detail page in renew mode (state 1 = renew).
 */
export function renewTarget(input: RenewInput): string {
  if (!hasPlan(input.gid) || renewsFromPlanList(input.level)) return paths.vip;
  return `${paths.packageDetail}?gid=${input.gid}&state=1&isRenew=1`;
}
