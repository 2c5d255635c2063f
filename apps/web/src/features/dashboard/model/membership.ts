// Membership rules of the header card: the expiry warning and where renewal leads (docs/requirements.md §4).
import { isTrialLevel, LIMITS, shanghaiDate, shanghaiDayNumber } from '@uc/shared';

export interface ExpiryState {
  /** 'YYYY-MM-DD' in Asia/Shanghai, whatever the browser's time zone (as every date the app shows). */
  date: string;
  /** Whole Shanghai calendar days from today to the expiry day (negative once expired). */
  daysLeft: number;
  /** Fewer than 30 days left: shown in red. */
  urgent: boolean;
  expired: boolean;
}

/**
 * The expiry warning: shown when the level is above 10 and an expiry exists (docs/requirements.md §4), red when fewer
 * than LIMITS.expiryWarningDays days remain. Null when there is nothing to show.
 */
export function expiryState(
  level: number,
  expiredTime: string | null | undefined,
  now: number = Date.now(),
): ExpiryState | null {
  if (isTrialLevel(level) || !expiredTime) return null;
  const end = Date.parse(expiredTime);
  if (Number.isNaN(end)) return null;
  const daysLeft = shanghaiDayNumber(end) - shanghaiDayNumber(now);
  return {
    date: shanghaiDate(end),
    daysLeft,
    urgent: daysLeft < LIMITS.expiryWarningDays,
    expired: end < now,
  };
}
