// The pure price rules with worked numbers (docs/decisions.md "commerce"): tiers, price_list, credits, min_count,
// expiry arithmetic on the Asia/Shanghai calendar.
import { DAY_MS } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import {
  addUnits,
  creditFen,
  grantPeriod,
  type PeriodKind,
  type PlanPeriod,
  priceList,
  purchaseKind,
  quote,
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

/** A ledger period of plan `gid` from `from` to `to` days after NOW, worth `value` fen. */
const period = (gid: number, kind: PeriodKind, from: number, to: number, valueFen: number): PlanPeriod => ({
  gid,
  kind,
  startsAt: inDays(from),
  endsAt: inDays(to),
  valueFen,
});
const running = (gid: number, days: number) => ({ gid, expiredAt: inDays(days) });

describe('credits', () => {
  it('credits nothing for days only granted (staff, an operator card, the seed) or not in the ledger at all', () => {
    expect(unusedDays(inDays(100), NOW)).toBe(100);
    expect(creditFen(running(13, 1_095), [period(13, 'start', -10, 1_095, 0)], NOW)).toBe(0);
    expect(creditFen(running(13, 100), [], NOW)).toBe(0);
  });

  it('three granted years then one paid (¥12,800): the credit is the paid year, never the granted ones', () => {
    // Staff set 专业版 for three years, the member renews one year for ¥12,800.
    const ledger = [period(13, 'extend', 1_095, 1_460, 12_800_00), period(13, 'start', 0, 1_095, 0)];
    const credit = creditFen(running(13, 1_460), ledger, NOW);
    expect(credit).toBeLessThanOrEqual(12_800_00);
    expect(credit).toBe(12_800_00);
    // 100 days into the paid year, what is left of it: ¥12,800 × 265 / 365.
    const later = new Date(NOW.getTime() + (1_095 + 100) * DAY_MS);
    expect(creditFen(running(13, 1_460), ledger, later)).toBe(929_315);
    // Once it ran out nothing is left.
    expect(creditFen(running(13, 1_460), ledger, new Date(NOW.getTime() + 1_461 * DAY_MS))).toBe(0);
  });

  it('mixed: each paid period gives its part still ahead, the granted days between them nothing', () => {
    const ledger = [
      period(13, 'extend', 630, 995, 12_160_00),
      period(13, 'extend', 265, 630, 0),
      period(13, 'start', -100, 265, 12_800_00),
    ];
    // ¥12,800 × 265 / 365 + ¥12,160 = 929,315.07 + 1,216,000.
    expect(creditFen(running(13, 995), ledger, NOW)).toBe(2_145_315);
  });

  it('values each paid period pro rata of what it was worth', () => {
    // One purchase of 2 units for ¥24,320 that ends in 100 days: ¥12,160 a year.
    const bought = period(13, 'start', 100 - 730, 100, 24_320_00);
    expect(creditFen(running(13, 100), [bought], NOW)).toBe(333_150);
  });

  it('never credits more than the recorded purchases were worth (地方版 ×5 then ×1 is ¥19,900)', () => {
    // goldvip01 buys 地方版 ×5 (¥15,920), then renews ×1 (¥3,980); the last order's rate would value all
    // 2,190 days at ¥3,980 a year (¥23,880).
    const ledger = [
      period(1, 'extend', 5 * 365, 6 * 365, 3_980_00),
      period(1, 'start', 0, 5 * 365, 15_920_00),
    ];
    const credit = creditFen(running(1, 6 * 365), ledger, NOW);
    expect(credit).toBeLessThanOrEqual(19_900_00);
    expect(credit).toBe(19_900_00);
    // A year later, five of the six years are left: ¥15,920 × 4/5 + ¥3,980.
    const later = new Date(NOW.getTime() + 365 * DAY_MS);
    expect(creditFen(running(1, 6 * 365), ledger, later)).toBe(12_736_00 + 3_980_00);
  });

  it('a plan shortened by staff credits only up to the cut, even when days are granted again after it', () => {
    const ledger = [
      period(13, 'extend', 100, 465, 0),
      period(13, 'cut', 100, 100, 0),
      period(13, 'start', 0, 365, 12_800_00),
    ];
    // ¥12,800 × 100 / 365.
    expect(creditFen(running(13, 465), ledger, NOW)).toBe(350_684);
    // The member's expiry cuts too (a refund took units off).
    expect(creditFen(running(13, 50), [period(13, 'start', 0, 365, 12_800_00)], NOW)).toBe(175_342);
  });

  it('walks the ledger back to the period that started the running plan, and no further', () => {
    const ledger = [
      period(13, 'extend', 365, 730, 2),
      period(13, 'start', 0, 365, 365),
      period(13, 'start', -9, 356, 999_999),
      period(1, 'start', -20, 356, 999_999),
    ];
    expect(creditFen(running(13, 730), ledger, NOW)).toBe(365 + 2);
    // Another plan holds the member now: nothing of 专业版's periods applies.
    expect(creditFen(running(6, 730), ledger, NOW)).toBe(0);
    expect(creditFen({ gid: 13, expiredAt: inDays(-1) }, ledger, NOW)).toBe(0);
  });

  it('a plan set outside the shop gives a period worth nothing: a new run, added days, or a cut', () => {
    const at = NOW;
    expect(grantPeriod({ gid: null, expiredAt: null }, running(13, 1_095), at)).toEqual({
      gid: 13,
      kind: 'start',
      startsAt: NOW.toISOString(),
      endsAt: inDays(1_095),
    });
    expect(grantPeriod(running(12, 100), running(13, 100), at)?.kind).toBe('start');
    expect(grantPeriod({ gid: 13, expiredAt: inDays(-2) }, running(13, 100), at)?.kind).toBe('start');
    expect(grantPeriod(running(13, 100), running(13, 400), at)).toEqual({
      gid: 13,
      kind: 'extend',
      startsAt: inDays(100),
      endsAt: inDays(400),
    });
    expect(grantPeriod(running(13, 100), running(13, 40), at)).toEqual({
      gid: 13,
      kind: 'cut',
      startsAt: inDays(40),
      endsAt: inDays(40),
    });
    expect(grantPeriod(running(13, 100), running(13, 100), at)).toBeNull();
    expect(grantPeriod(running(13, 100), { gid: null, expiredAt: inDays(100) }, at)).toBeNull();
  });

  it('credits nothing for a renewal, an expired plan or the API package (a legacy level: legacy-pricing.test.ts)', () => {
    const current = (gid: number | null, days: number | null, level = 22) => ({
      level,
      gid,
      expiredAt: days === null ? null : inDays(days),
    });
    expect(purchaseKind(professional, current(13, 100), NOW)).toBe('renew');
    expect(purchaseKind(supreme, current(13, 100), NOW)).toBe('switch');
    expect(purchaseKind(supreme, current(null, 300, 50), NOW)).toBe('switch');
    expect(purchaseKind(supreme, current(null, 300, 20), NOW)).toBe('start');
    expect(purchaseKind(supreme, current(13, -2), NOW)).toBe('start');
    expect(purchaseKind(api, current(13, 100), NOW)).toBe('api');
  });
});

describe('quote', () => {
  const base = { apiExpiry: null, periods: [], now: NOW };

  it('switches up: the new plan starts now, the unused days are a credit', () => {
    const q = quote({
      ...base,
      plan: supreme,
      count: 1,
      current: { level: 22, gid: 13, expiredAt: inDays(100) },
      // 100 days bought for ¥3,506.84 (专业版's price for them).
      periods: [period(13, 'start', 0, 100, 350_684)],
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

  it('switches up: the minimum count is the first whose final price is not negative', () => {
    // A cheap plan above the current one: 3 units of ¥3,980 absorb a credit of ¥10,520.54.
    const cheapHigh = { ...local, gid: 99, level: 70 };
    const input = {
      ...base,
      plan: cheapHigh,
      current: { level: 22, gid: 13, expiredAt: inDays(300) },
      periods: [period(13, 'start', 0, 300, 1_052_054)],
    };
    // credit 1,280,000 × 300 / 365 = 1,052,054 paid for the 300 days; 3 years cost 1,074,600.
    const one = quote({ ...input, count: 1 });
    expect(one).toMatchObject({ creditFen: 1_052_054, finalFen: 398_000 - 1_052_054, minCount: 3 });
    expect(quote({ ...input, count: 3 }).finalFen).toBe(22_546);
  });

  it('a lower plan is no switch: a change at the end of the period, paid in full', () => {
    const q = quote({
      ...base,
      plan: local,
      count: 1,
      current: { level: 22, gid: 13, expiredAt: inDays(300) },
      periods: [period(13, 'start', 0, 300, 1_052_054)],
    });
    expect(q).toMatchObject({ kind: 'change', creditFen: 0, finalFen: 398_000, minCount: 1 });
  });

  it('falls back to 1 when no count reaches the credit', () => {
    const q = quote({
      ...base,
      plan: { ...local, gid: 99, level: 70 },
      count: 1,
      current: { level: 61, gid: 11, expiredAt: inDays(360) },
      periods: [period(11, 'start', -5, 360, 39_800_00)],
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
    });
    expect(running).toMatchObject({ kind: 'renew', creditFen: 0, expiryAfter: '2028-12-31T16:00:00.000Z' });
    const lapsed = quote({
      ...base,
      plan: professional,
      count: 1,
      current: { level: 22, gid: 13, expiredAt: '2026-01-01T00:00:00.000Z' },
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
