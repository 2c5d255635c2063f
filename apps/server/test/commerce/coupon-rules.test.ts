// The rules of a coupon, pure: what each kind takes off, never more than the amount; when one does not apply and why;
// its rule and scope in words; its state; the validity a template gives.
import { DAY_MS, MSG, PLAN } from '@uc/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CouponRule,
  checkCoupon,
  discountOf,
  ruleText,
  scopeText,
  stateOf,
  windowFor,
} from '../../src/modules/coupons/rules.js';

const NOW = new Date('2026-11-26T08:00:00.000Z');
const rule = (over: Partial<CouponRule>): CouponRule => ({
  kind: 'voucher',
  threshold_fen: 0,
  discount_fen: 0,
  percent: null,
  max_discount_fen: null,
  scope_gids: null,
  ...over,
});
const window = { valid_start: '2026-11-01T00:00:00.000Z', valid_end: '2026-12-01T00:00:00.000Z' };

describe('discountOf', () => {
  it('takes a 满减 or 代金券 amount, a 折扣 the part not paid (rounded down), within its cap', () => {
    expect(
      discountOf(rule({ kind: 'full_reduction', threshold_fen: 100_000, discount_fen: 20_000 }), 398_000),
    ).toBe(20_000);
    expect(discountOf(rule({ discount_fen: 5_000 }), 9_900)).toBe(5_000);
    expect(discountOf(rule({ kind: 'discount', percent: 80 }), 9_999)).toBe(1_999);
    expect(discountOf(rule({ kind: 'discount', percent: 80, max_discount_fen: 100_000 }), 1_280_000)).toBe(
      100_000,
    );
    expect(discountOf(rule({ kind: 'discount', percent: 85 }), 1)).toBe(0);
  });

  it('never takes more than the amount, never a negative price', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('full_reduction', 'discount', 'voucher'),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 })),
        fc.integer({ min: -100, max: 10_000_000 }),
        (kind, amount, percent, cap, base) => {
          const off = discountOf(rule({ kind, discount_fen: amount, percent, max_discount_fen: cap }), base);
          expect(off).toBeGreaterThanOrEqual(0);
          expect(off).toBeLessThanOrEqual(Math.max(0, base));
          if (cap !== null && kind === 'discount') expect(off).toBeLessThanOrEqual(cap);
        },
      ),
    );
  });
});

describe('checkCoupon', () => {
  it('applies within its dates, to its goods, to an amount to pay reaching its threshold', () => {
    const full = {
      ...rule({ kind: 'full_reduction', threshold_fen: 100_000, discount_fen: 20_000 }),
      ...window,
    };
    expect(checkCoupon(full, { gid: PLAN.local, baseFen: 398_000 }, NOW)).toEqual({
      usable: true,
      discountFen: 20_000,
    });
    expect(checkCoupon(full, { gid: PLAN.credits, baseFen: 9_900 }, NOW)).toEqual({
      usable: false,
      reason: '差 901.00 元可用该优惠券',
    });
    expect(checkCoupon(full, { gid: PLAN.local, baseFen: 0 }, NOW)).toEqual({
      usable: false,
      reason: MSG.couponNothingToPay,
    });
    const scoped = {
      ...rule({ discount_fen: 100, scope_gids: JSON.stringify([PLAN.professional]) }),
      ...window,
    };
    expect(checkCoupon(scoped, { gid: PLAN.local, baseFen: 100 }, NOW)).toEqual({
      usable: false,
      reason: MSG.couponNotForGoods,
    });
    expect(checkCoupon(scoped, { gid: PLAN.professional, baseFen: 100 }, NOW).usable).toBe(true);
    const early = { ...scoped, valid_start: '2026-11-27T00:00:00.000Z' };
    expect(checkCoupon(early, { gid: PLAN.professional, baseFen: 100 }, NOW)).toMatchObject({
      reason: MSG.couponNotStarted,
    });
    const late = { ...scoped, valid_end: NOW.toISOString() };
    expect(checkCoupon(late, { gid: PLAN.professional, baseFen: 100 }, NOW)).toMatchObject({
      reason: MSG.couponExpired,
    });
    // Unreadable scope text applies to nothing.
    const broken = { ...scoped, scope_gids: 'not json' };
    expect(checkCoupon(broken, { gid: PLAN.professional, baseFen: 100 }, NOW).usable).toBe(false);
  });
});

describe('in words', () => {
  it('writes the rule and the scope as a member reads them', () => {
    expect(ruleText(rule({ kind: 'full_reduction', threshold_fen: 100_000, discount_fen: 20_000 }))).toBe(
      '满1000减200',
    );
    expect(ruleText(rule({ kind: 'discount', percent: 80, max_discount_fen: 100_000 }))).toBe(
      '8折 最高减1000',
    );
    expect(ruleText(rule({ kind: 'discount', percent: 85 }))).toBe('8.5折');
    expect(ruleText(rule({ discount_fen: 4_950 }))).toBe('立减49.5');
    const names = new Map([
      [PLAN.professional, 'VIP专业版'],
      [PLAN.credits, '工具次数包'],
    ]);
    expect(scopeText(rule({}), names)).toBe('全部商品');
    expect(scopeText(rule({ scope_gids: `[${PLAN.professional},${PLAN.credits},77]` }), names)).toBe(
      'VIP专业版、工具次数包、商品77',
    );
  });

  it('states 已过期 for an unused coupon past its end, the stored state otherwise', () => {
    expect(stateOf({ status: 'unused', valid_end: window.valid_end }, NOW)).toBe('unused');
    expect(stateOf({ status: 'unused', valid_end: NOW.toISOString() }, NOW)).toBe('expired');
    expect(stateOf({ status: 'used', valid_end: NOW.toISOString() }, NOW)).toBe('used');
    expect(stateOf({ status: 'locked', valid_end: window.valid_end }, NOW)).toBe('locked');
  });

  it('gives a coupon its days from the issue, or the template fixed window', () => {
    expect(windowFor({ valid_days: 30, valid_start: null, valid_end: null }, NOW)).toEqual({
      valid_start: NOW.toISOString(),
      valid_end: new Date(NOW.getTime() + 30 * DAY_MS).toISOString(),
    });
    expect(
      windowFor({ valid_days: null, valid_start: window.valid_start, valid_end: window.valid_end }, NOW),
    ).toEqual(window);
    expect(windowFor({ valid_days: null, valid_start: null, valid_end: null }, NOW)).toBeNull();
  });
});
