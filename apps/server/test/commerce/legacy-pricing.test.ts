// The price rules of legacy levels and changes of plan with worked numbers (docs/decisions.md "Legacy levels and
// changes of plan"): a legacy level's renewal at its row's price, its move to a current plan with its days credited at
// that price, and a lower plan bought for the end of the period.
import { DAY_MS } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import {
  addUnits,
  legacyCreditFen,
  purchaseKind,
  quote,
  totalFen,
} from '../../src/modules/commerce/pricing.js';

const TIERS = [1000, 950, 900, 850, 800];
const gold = { gid: 30, level: 30, unitPriceFen: 12_800_00, unit: 'year' as const, tiers: TIERS };
const supreme = { gid: 6, level: 60, unitPriceFen: 19_800_00, unit: 'year' as const, tiers: TIERS };
const professional = { gid: 13, level: 22, unitPriceFen: 12_800_00, unit: 'months12' as const, tiers: TIERS };
const local = { gid: 1, level: 20, unitPriceFen: 3_980_00, unit: 'year' as const, tiers: TIERS };
const NOW = new Date('2026-11-29T02:00:00.000Z');
const oneYear = addUnits(NOW, 'year', 1).toISOString();
const goldMember = (expiredAt: string | null, gid: number | null = null) => ({ level: 30, gid, expiredAt });
const base = { apiExpiry: null, periods: [], legacyYearFen: gold.unitPriceFen, now: NOW };

describe('a legacy level renews at its row’s price', () => {
  it('黄金会员 without a plan id: 续费 ¥12,800 a year, from the current expiry, no credit', () => {
    const q = quote({ ...base, plan: gold, count: 1, current: goldMember(oneYear) });
    expect(q).toMatchObject({ kind: 'renew', totalFen: 1_280_000, creditFen: 0, finalFen: 1_280_000 });
    expect(q.expiryAfter).toBe(addUnits(new Date(oneYear), 'year', 1).toISOString());
    // Three years at the 90% tier; and once renewed (its row's gid on the member) the same.
    expect(quote({ ...base, plan: gold, count: 3, current: goldMember(oneYear, 30) })).toMatchObject({
      kind: 'renew',
      finalFen: 3_456_000,
    });
  });

  it('lapsed, it renews from now', () => {
    const lapsed = new Date(NOW.getTime() - 10 * DAY_MS).toISOString();
    const q = quote({ ...base, plan: gold, count: 1, current: goldMember(lapsed) });
    expect(q.kind).toBe('renew');
    expect(q.expiryAfter).toBe(oneYear);
  });
});

describe('a legacy level moves to a current plan with its days credited', () => {
  it('365 days of 黄金会员 credit ¥12,800 against 至尊版: ¥7,000 for one year from now', () => {
    const q = quote({ ...base, plan: supreme, count: 1, current: goldMember(oneYear) });
    expect(q).toMatchObject({
      kind: 'switch',
      totalFen: 1_980_000,
      creditFen: 1_280_000,
      finalFen: 700_000,
      minCount: 1,
      unusedDays: 365,
      expiryAfter: oneYear,
    });
  });

  it('the rate: the row’s yearly price × whole days left ÷ 365, rounded down, at most the new total', () => {
    const days = (n: number) => new Date(NOW.getTime() + n * DAY_MS + 3_600_000).toISOString();
    // 100 days: 1,280,000 × 100 / 365 = 350,684.93 -> 350,684.
    expect(legacyCreditFen(1_280_000, days(100), NOW, totalFen(supreme, 1))).toBe(350_684);
    const q = quote({ ...base, plan: supreme, count: 1, current: goldMember(days(100)) });
    expect([q.creditFen, q.finalFen]).toEqual([350_684, 1_629_316]);
    // Capped at the new plan's total (a dearer legacy row against a cheaper plan).
    expect(legacyCreditFen(5_000_000, days(365), NOW, 1_980_000)).toBe(1_980_000);
  });

  it('it never ends before the legacy expiry: at least the years that reach it', () => {
    const later = addUnits(NOW, 'year', 2).toISOString();
    const q = quote({ ...base, plan: supreme, count: 1, current: goldMember(later) });
    expect(q.minCount).toBe(2);
    const two = quote({ ...base, plan: supreme, count: 2, current: goldMember(later) });
    // 731 days (29 February 2028 among them) × 1,280,000 / 365 = 2,563,506.8 -> 2,563,506 against 2 years at 95%.
    expect([two.creditFen, two.finalFen, two.expiryAfter]).toEqual([2_563_506, 3_762_000 - 2_563_506, later]);
  });
});

describe('a lower plan is a change at the end of the period', () => {
  it('黄金会员 -> 专业版, 至尊版 -> 地方版: paid in full, running from the current expiry', () => {
    for (const [plan, current] of [
      [professional, goldMember(oneYear)],
      [local, { level: 60, gid: 6, expiredAt: oneYear }],
    ] as const) {
      const q = quote({ ...base, plan, count: 2, current });
      expect(q).toMatchObject({ kind: 'change', creditFen: 0, finalFen: totalFen(plan, 2), minCount: 1 });
      expect(q.expiryAfter).toBe(addUnits(new Date(oneYear), plan.unit, 2).toISOString());
    }
  });

  it('once the plan has lapsed it is an ordinary start', () => {
    const lapsed = new Date(NOW.getTime() - DAY_MS).toISOString();
    expect(purchaseKind(professional, { level: 60, gid: 6, expiredAt: lapsed }, NOW)).toBe('start');
    expect(purchaseKind(professional, goldMember(lapsed), NOW)).toBe('start');
  });
});
