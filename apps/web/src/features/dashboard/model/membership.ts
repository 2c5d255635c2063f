// Membership rules of the header card: the expiry warning and where renewal leads (SPEC.md §4).
import { isTrialLevel, LIMITS } from '@uc/shared';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../lib/ui/dayjs';

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
