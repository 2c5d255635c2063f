import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
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

  it('has 86,400,000 ms in a day', () => {
    expect(DAY_MS).toBe(86_400_000);
  });
});
