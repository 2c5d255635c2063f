import { DAY_MS, HOUR_MS, shanghaiDate } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiryState } from './membership';

const now = Date.parse('2026-03-01T10:00:00+08:00');
const inDays = (days: number) => new Date(now + days * DAY_MS).toISOString();

describe('expiryState (docs/requirements.md §4 "Dashboard expiry warning")', () => {
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
      date: shanghaiDate(now + 20 * DAY_MS),
      daysLeft: 20,
      urgent: true,
      expired: false,
    });
    expect(expiryState(22, inDays(29), now)?.urgent).toBe(true);
    expect(expiryState(22, inDays(30), now)?.urgent).toBe(false);
    expect(expiryState(30, inDays(365), now)).toMatchObject({ daysLeft: 365, urgent: false });
  });

  it('counts calendar days and marks an expiry in the past', () => {
    const lateToday = Date.parse('2026-03-01T00:00:00+08:00') + 23 * HOUR_MS;
    expect(expiryState(22, new Date(lateToday).toISOString(), now)).toMatchObject({
      daysLeft: 0,
      expired: false,
    });
    expect(expiryState(22, inDays(-3), now)).toMatchObject({ daysLeft: -3, urgent: true, expired: true });
  });
});

describe('expiryState in a browser outside UTC+8', () => {
  let zone: string | undefined;
  beforeAll(() => {
    zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('gives the Shanghai expiry day and counts Shanghai calendar days', () => {
    // Midnight of 13 December in Shanghai is the evening of the 12th in New York.
    expect(new Date('2026-12-12T16:00:00Z').getDate()).toBe(12);
    const state = expiryState(22, '2026-12-12T16:00:00.000Z', Date.parse('2026-12-12T15:00:00Z'));
    expect(state).toMatchObject({ date: '2026-12-13', daysLeft: 1, expired: false });
  });
});
