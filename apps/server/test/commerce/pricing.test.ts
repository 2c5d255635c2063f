// The pure price rules with worked numbers (docs/decisions.md "Commerce"): tiers, price_list, credits, min_count,
// expiry arithmetic on the Asia/Shanghai calendar.
import { DAY_MS } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import {
  addUnits,
  creditFen,
  priceList,
  purchaseKind,
  quote,
  runningSegments,
  totalFen,
  unusedDays,
} from '../../src/modules/commerce/pricing.js';

const TIERS = [1000, 950, 900, 850, 800];
const professional = { gid: 13, level: 22, unitPriceFen: 12_800_00, unit: 'months12' as const, tiers: TIERS };
const supreme = { gid: 6, level: 60, unitPriceFen: 19_800_00, unit: 'year' as const, tiers: TIERS };
const local = { gid: 1, level: 20, unitPriceFen: 3_980_00, unit: 'year' as const, tiers: TIERS };
const api = { gid: 14, level: null, unitPriceFen: 2_000_00, unit: 'months12' as const, tiers: TIERS };
const NOW = new Date('2026-11-23T02:00:00.000Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY_MS + 3_600_000).toISOString();

describe('tiers and price_list', () => {
  it('discounts the total per tier, rounding half up to the fen', () => {
    expect([1, 2, 3, 4, 5].map((n) => totalFen(professional, n))).toEqual([
      12_800_00, 24_320_00, 34_560_00, 43_520_00, 51_200_00,
    ]);
    expect(totalFen({ unitPriceFen: 333, tiers: TIERS }, 2)).toBe(633); // 666 × 0.95 = 632.7
  });

  it('answers five rows: next factor, total, saved, next-unit price (yuan)', () => {
    expect(priceList(professional)).toEqual([
      [0.95, 12800, 0, 12160],
      [0.9, 24320, 1280, 11520],
      [0.85, 34560, 3840, 10880],
      [0.8, 43520, 7680, 10240],
      [0.8, 51200, 12800, 10240],
    ]);
    expect(priceList(api)[0]).toEqual([0.95, 2000, 0, 1900]);
  });
});

describe('credits', () => {
  it('values unused whole days at the catalogue unit price over 365 days when no purchase is recorded', () => {
    expect(unusedDays(inDays(100), NOW)).toBe(100);
    expect(creditFen(inDays(100), [], 12_800_00, NOW)).toBe(350_684); // 1,280,000 × 100 / 365 = 350,684.9
  });

  it('values each recorded purchase pro rata of what it was worth', () => {
    // One purchase of 2 units for ¥24,320 that ends in 100 days: ¥12,160 a year.
    const bought = { startsAt: inDays(100 - 730), endsAt: inDays(100), units: 2, valueFen: 24_320_00 };
    expect(creditFen(inDays(100), [bought], 12_800_00, NOW)).toBe(333_150);
  });

  it('never credits more than the recorded purchases were worth (地方版 ×5 then ×1 is ¥19,900)', () => {
    // goldvip01 buys 地方版 ×5 (¥15,920), then renews ×1 (¥3,980); the last order's rate would value all
    // 2,190 days at ¥3,980 a year (¥23,880).
    const start = { startsAt: NOW.toISOString(), endsAt: inDays(5 * 365), units: 5, valueFen: 15_920_00 };
    const renew = { startsAt: inDays(5 * 365), endsAt: inDays(6 * 365), units: 1, valueFen: 3_980_00 };
    const credit = creditFen(renew.endsAt, [renew, start], 3_980_00, NOW);
    expect(credit).toBeLessThanOrEqual(19_900_00);
    expect(credit).toBe(19_900_00);
    // A year later, five of the six years are left: ¥15,920 × 4/5 + ¥3,980.
    const later = new Date(NOW.getTime() + 365 * DAY_MS);
    expect(creditFen(renew.endsAt, [renew, start], 3_980_00, later)).toBe(12_736_00 + 3_980_00);
  });

  it('values the days before the first recorded purchase (a seeded plan renewed) at the catalogue price', () => {
    const renew = { startsAt: inDays(20), endsAt: inDays(385), units: 1, valueFen: 12_160_00 };
    // 20 unrecorded days at ¥12,800 a year + 365 recorded days worth ¥12,160.
    expect(creditFen(renew.endsAt, [renew], 12_800_00, NOW)).toBe(70_136 + 12_160_00);
  });

  it('walks the history back through renewals to the purchase that started the plan', () => {
    const row = (gid: number, kind: string, from: number, to: number, valueFen: number) => ({
      gid_after: gid,
      kind,
      starts_at: inDays(from),
      expiry_after: inDays(to),
      units: 1,
      value_fen: valueFen,
    });
    const history = [
      row(13, 'renew', 365, 730, 2),
      row(13, 'switch', 0, 365, 1),
      row(1, 'start', -9, 356, 9),
    ];
    expect(runningSegments(history, 13, inDays(730)).map((s) => s.valueFen)).toEqual([2, 1]);
    // The member's plan was set outside the shop since the last record: nothing recorded applies.
    expect(runningSegments(history, 13, inDays(700))).toEqual([]);
    expect(runningSegments(history, 6, inDays(730))).toEqual([]);
  });

  it('credits nothing for a renewal, a legacy level, an expired plan or the API package', () => {
    const current = (gid: number | null, days: number | null, level = 22) => ({
      level,
      gid,
      expiredAt: days === null ? null : inDays(days),
    });
    expect(purchaseKind(professional, current(13, 100), NOW)).toBe('renew');
    expect(purchaseKind(supreme, current(13, 100), NOW)).toBe('switch');
    expect(purchaseKind(supreme, current(null, 300, 50), NOW)).toBe('start');
    expect(purchaseKind(supreme, current(13, -2), NOW)).toBe('start');
    expect(purchaseKind(api, current(13, 100), NOW)).toBe('api');
  });
});

describe('quote', () => {
  const base = { apiExpiry: null, segments: [], now: NOW };

  it('switches up: the new plan starts now, the unused days are a credit', () => {
    const q = quote({
      ...base,
      plan: supreme,
      count: 1,
      current: { level: 22, gid: 13, expiredAt: inDays(100) },
      currentUnitFen: 12_800_00,
    });
    expect(q).toMatchObject({
      kind: 'switch',
      totalFen: 19_800_00,
      creditFen: 350_684,
      finalFen: 1_629_316,
      minCount: 1,
      expiryAfter: '2027-11-23T02:00:00.000Z',
    });
  });

  it('switches down: the minimum count is the first whose final price is not negative', () => {
    const input = {
      ...base,
      plan: local,
      current: { level: 22, gid: 13, expiredAt: inDays(300) },
      currentUnitFen: 12_800_00,
    };
    // credit 1,280,000 × 300 / 365 = 1,052,054; 3 years of 地方版 cost 1,074,600.
    const one = quote({ ...input, count: 1 });
    expect(one).toMatchObject({ creditFen: 1_052_054, finalFen: 398_000 - 1_052_054, minCount: 3 });
    expect(quote({ ...input, count: 3 }).finalFen).toBe(22_546);
  });

  it('falls back to 1 when no count reaches the credit', () => {
    const q = quote({
      ...base,
      plan: local,
      count: 1,
      current: { level: 61, gid: 11, expiredAt: inDays(360) },
      currentUnitFen: 39_800_00,
    });
    expect(q.finalFen).toBeLessThan(0);
    expect(q.minCount).toBe(1);
  });

  it('renews from the current expiry, or from now once it has passed', () => {
    const running = quote({
      ...base,
      plan: professional,
      count: 2,
      current: { level: 22, gid: 13, expiredAt: '2026-12-31T16:00:00.000Z' },
      currentUnitFen: 12_800_00,
    });
    expect(running).toMatchObject({ kind: 'renew', creditFen: 0, expiryAfter: '2028-12-31T16:00:00.000Z' });
    const lapsed = quote({
      ...base,
      plan: professional,
      count: 1,
      current: { level: 22, gid: 13, expiredAt: '2026-01-01T00:00:00.000Z' },
      currentUnitFen: 12_800_00,
    });
    expect(lapsed.expiryAfter).toBe('2027-11-23T02:00:00.000Z');
  });

  it('extends the API quota from its own expiry, not the plan', () => {
    const q = quote({
      ...base,
      plan: api,
      count: 1,
      apiExpiry: '2027-03-01T00:00:00.000Z',
      current: { level: 22, gid: 13, expiredAt: inDays(100) },
      currentUnitFen: 12_800_00,
    });
    expect(q).toMatchObject({ kind: 'api', creditFen: 0, expiryAfter: '2028-03-01T00:00:00.000Z' });
  });
});

describe('addUnits', () => {
  it('counts years on the Asia/Shanghai calendar and clamps to the month end', () => {
    // 29 Feb 2028 12:00 in Shanghai + 1 year = 28 Feb 2029.
    expect(addUnits(new Date('2028-02-29T04:00:00.000Z'), 'year', 1).toISOString()).toBe(
      '2029-02-28T04:00:00.000Z',
    );
    // 1 Feb 04:00 in Shanghai is still 31 Jan in UTC: the Shanghai date moves.
    expect(addUnits(new Date('2026-01-31T20:00:00.000Z'), 'months12', 2).toISOString()).toBe(
      '2028-01-31T20:00:00.000Z',
    );
  });
});
