import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  shanghaiAddYears,
  shanghaiDate,
  shanghaiDayNumber,
  shanghaiMinute,
  shanghaiMonth,
  shanghaiYear,
} from './time.js';

describe('Shanghai time', () => {
  it('moves UTC instants across the date line at 16:00 UTC', () => {
    expect(shanghaiDate('2026-11-22T15:59:59Z')).toBe('2026-11-22');
    expect(shanghaiDate('2026-11-22T16:00:00Z')).toBe('2026-11-23');
    expect(shanghaiMonth(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01');
    expect(shanghaiMinute(Date.parse('2026-11-23T01:02:03Z'))).toBe('2026-11-23 09:02');
  });

  it('gives the Shanghai year and counts Shanghai calendar days', () => {
    expect(shanghaiYear('2026-12-31T15:59:59Z')).toBe(2026);
    expect(shanghaiYear('2026-12-31T16:00:00Z')).toBe(2027);
    const day = shanghaiDayNumber('2026-11-22T16:00:00Z');
    expect(shanghaiDayNumber('2026-11-23T15:59:59Z')).toBe(day);
    expect(shanghaiDayNumber('2026-11-23T16:00:00Z')).toBe(day + 1);
    expect(shanghaiDayNumber('2026-11-22T15:59:59Z')).toBe(day - 1);
  });

  it('adds and takes off whole years on the Shanghai calendar, clamped to the month end', () => {
    // 29 February 2028 12:00 in Shanghai + 1 year = 28 February 2029, the time of day kept.
    expect(shanghaiAddYears(new Date('2028-02-29T04:00:00.000Z'), 1).toISOString()).toBe(
      '2029-02-28T04:00:00.000Z',
    );
    expect(shanghaiAddYears('2028-02-29T04:00:00.000Z', -4).toISOString()).toBe('2024-02-29T04:00:00.000Z');
    expect(shanghaiAddYears('2028-02-29T04:00:00.000Z', -1).toISOString()).toBe('2027-02-28T04:00:00.000Z');
    // 1 February 04:00 in Shanghai is still 31 January in UTC: the Shanghai date is the one that moves.
    expect(shanghaiAddYears('2026-01-31T20:00:00.000Z', 2).toISOString()).toBe('2028-01-31T20:00:00.000Z');
    // 1 March 2029 05:00 in Shanghai is 28 February in UTC: a year back is 1 March 2028, not 28 or 29 February.
    expect(shanghaiAddYears('2029-02-28T21:00:00.000Z', -1).toISOString()).toBe('2028-02-29T21:00:00.000Z');
  });

  it('has 86,400,000 ms in a day', () => {
    expect(DAY_MS).toBe(86_400_000);
  });
});
