import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../lib/ui/dayjs';
import { expiryState } from './membership';

const now = dayjs('2026-03-01T10:00:00+08:00');
const inDays = (days: number) => now.add(days, 'day').toISOString();

describe('expiryState (SPEC.md §4 "Dashboard expiry warning")', () => {
  it('is shown only above level 10 and with an expiry', () => {
    expect(expiryState(10, inDays(20), now)).toBeNull();
    expect(expiryState(0, inDays(20), now)).toBeNull();
    expect(expiryState(22, null, now)).toBeNull();
    expect(expiryState(22, '', now)).toBeNull();
    expect(expiryState(22, 'not a date', now)).toBeNull();
    expect(expiryState(11, inDays(20), now)).not.toBeNull();
  });

  it('gives the date and the days left, red under 30 days', () => {
    expect(expiryState(22, inDays(20), now)).toEqual({
      date: now.add(20, 'day').format('YYYY-MM-DD'),
      daysLeft: 20,
      urgent: true,
      expired: false,
    });
    expect(expiryState(22, inDays(29), now)?.urgent).toBe(true);
    expect(expiryState(22, inDays(30), now)?.urgent).toBe(false);
    expect(expiryState(30, inDays(365), now)).toMatchObject({ daysLeft: 365, urgent: false });
  });

  it('counts calendar days and marks an expiry in the past', () => {
    expect(expiryState(22, now.startOf('day').add(23, 'hour').toISOString(), now)).toMatchObject({
      daysLeft: 0,
      expired: false,
    });
    expect(expiryState(22, inDays(-3), now)).toMatchObject({ daysLeft: -3, urgent: true, expired: true });
  });
});
