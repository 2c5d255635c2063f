// The rules of a coupon, pure: what it takes off an amount, whether it applies to the goods and the date, its rule and
// scope in words, its state, and the validity a template gives a coupon issued now. Money is integer fen.
import { type CouponState, DAY_MS, fenToYuan, formatYuan, MSG, MSG_WITH, parseJson } from '@uc/shared';
import { z } from 'zod';
import type { UserCouponRow } from '../../db/schema.js';

/** What decides a coupon's discount (a template's rule, copied onto each coupon issued from it). */
export type CouponRule = Pick<
  UserCouponRow,
  'kind' | 'threshold_fen' | 'discount_fen' | 'percent' | 'max_discount_fen' | 'scope_gids'
>;

export type CouponWindow = Pick<UserCouponRow, 'valid_start' | 'valid_end'>;

/** The goods and the amount a coupon would be applied to: the order's price before the coupon. */
export interface CouponTarget {
  gid: number;
  baseFen: number;
}

export type CouponCheck = { usable: true; discountFen: number } | { usable: false; reason: string };

const gidList = z.array(z.number().int());

/** The gids a rule applies to; null: all goods (unreadable text counts as none, so it applies to nothing). */
export function scopeOf(rule: Pick<CouponRule, 'scope_gids'>): number[] | null {
  if (rule.scope_gids === null) return null;
  return parseJson(rule.scope_gids, gidList) ?? [];
}

/**
 * What the rule takes off `baseFen` before any check: 满减 and 代金券 their amount; 折扣 the part not paid (the
 * percent of the amount is paid rounded up to the fen, so the discount rounds down), within its cap. Never more than
 * the amount itself, so the price never goes below 0.
 */
export function discountOf(rule: CouponRule, baseFen: number): number {
  if (baseFen <= 0) return 0;
  let off: number;
  if (rule.kind === 'discount') {
    const percent = Math.min(100, Math.max(0, rule.percent ?? 100));
    off = baseFen - Math.ceil((baseFen * percent) / 100);
    if (rule.max_discount_fen !== null) off = Math.min(off, rule.max_discount_fen);
  } else {
    off = rule.discount_fen;
  }
  return Math.max(0, Math.min(off, baseFen));
}

/**
 * Whether the coupon applies to the goods at `at`, and what it takes off: within its dates, one of its goods, an
 * amount to pay, a 满减's threshold reached (差 X 元 otherwise).
 */
export function checkCoupon(
  coupon: CouponRule & CouponWindow,
  { gid, baseFen }: CouponTarget,
  at: Date,
): CouponCheck {
  const now = at.toISOString();
  if (coupon.valid_start > now) return { usable: false, reason: MSG.couponNotStarted };
  if (coupon.valid_end <= now) return { usable: false, reason: MSG.couponExpired };
  const scope = scopeOf(coupon);
  if (scope !== null && !scope.includes(gid)) return { usable: false, reason: MSG.couponNotForGoods };
  if (baseFen <= 0) return { usable: false, reason: MSG.couponNothingToPay };
  if (coupon.kind === 'full_reduction' && baseFen < coupon.threshold_fen) {
    return { usable: false, reason: MSG_WITH.couponShort(formatYuan(coupon.threshold_fen - baseFen)) };
  }
  const discountFen = discountOf(coupon, baseFen);
  if (discountFen <= 0) return { usable: false, reason: MSG.couponNothingToPay };
  return { usable: true, discountFen };
}

/** Yuan as a coupon writes it: 1000, 99.5. */
const yuan = (fen: number): string => String(fenToYuan(fen));

/** The rule in words: 满1000减200, 8折 最高减500, 8.5折, 立减100. */
export function ruleText(rule: CouponRule): string {
  if (rule.kind === 'discount') {
    const tenths = String((rule.percent ?? 100) / 10);
    return rule.max_discount_fen === null
      ? `${tenths}折`
      : `${tenths}折 最高减${yuan(rule.max_discount_fen)}`;
  }
  if (rule.kind === 'full_reduction' && rule.threshold_fen > 0) {
    return `满${yuan(rule.threshold_fen)}减${yuan(rule.discount_fen)}`;
  }
  return `立减${yuan(rule.discount_fen)}`;
}

/** The goods in words: 全部商品, or the names of its gids joined by 、 (an unknown gid by its number). */
export function scopeText(rule: Pick<CouponRule, 'scope_gids'>, names: ReadonlyMap<number, string>): string {
  const scope = scopeOf(rule);
  if (scope === null) return '全部商品';
  return scope.map((gid) => names.get(gid) ?? `商品${gid}`).join('、');
}

/** The state a member sees: the stored one, or 已过期 for an unused coupon past its end. */
export function stateOf(coupon: { status: string; valid_end: string }, at: Date): CouponState {
  if (coupon.status === 'used' || coupon.status === 'locked') return coupon.status;
  return coupon.valid_end <= at.toISOString() ? 'expired' : 'unused';
}

/** A template's validity for a coupon issued at `at`: its fixed window, or `valid_days` from then. */
export function windowFor(
  template: { valid_days: number | null; valid_start: string | null; valid_end: string | null },
  at: Date,
): CouponWindow | null {
  if (template.valid_days !== null) {
    return {
      valid_start: at.toISOString(),
      valid_end: new Date(at.getTime() + template.valid_days * DAY_MS).toISOString(),
    };
  }
  if (template.valid_end === null) return null;
  return { valid_start: template.valid_start ?? at.toISOString(), valid_end: template.valid_end };
}
