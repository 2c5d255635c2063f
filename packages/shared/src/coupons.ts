// Coupons (优惠券, docs/requirements.md §7 /product/coupontype/index/): templates an operator defines as data, coupons a member holds
// (issued by an operator, by a coupon card, or on registration), one applied to an order on the order page, locked
// to the order while it is paid and used when it is credited (docs/decisions.md "coupons").
import { z } from 'zod';
import { DB_INT_MAX, integerIn } from './fields.js';
import { MSG } from './messages.js';

/** Paths exactly as docs/requirements.md §7 writes them. */
export const COUPONS_API = {
  /** GET ?status= -> MyCoupon[]: the member's coupons, usable first. */
  mine: '/product/coupontype/index/',
} as const;

/** 满减 (threshold, amount off), 折扣 (percent paid, a cap on what it takes off), 代金券 (amount off, no threshold). */
export const COUPON_KINDS = ['full_reduction', 'discount', 'voucher'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_TEXT: Record<CouponKind, string> = {
  full_reduction: '满减券',
  discount: '折扣券',
  voucher: '代金券',
};

/**
 * A member's coupon: unused (未使用), locked to an order being paid (使用中), used by a credited order (已使用), past
 * its validity unused (已过期: derived from the dates, never stored).
 */
export const COUPON_STATES = ['unused', 'locked', 'used', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_STATE_TEXT: Record<CouponState, string> = {
  unused: '未使用',
  locked: '使用中',
  used: '已使用',
  expired: '已过期',
};

/** Where a coupon came from. */
export const COUPON_SOURCES = ['operator', 'card', 'register'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];
export const COUPON_SOURCE_TEXT: Record<CouponSource, string> = {
  operator: '平台发放',
  card: '卡券兑换',
  register: '新人礼',
};

/** GET /product/coupontype/index/ item. */
export const myCouponSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** The rule in words: 满1000减200, 8折 最高减500, 立减100. */
  rule: z.string(),
  /** The goods it applies to in words: 全部商品, or the plan names joined by 、. */
  scope: z.string(),
  /** Yuan: 满减's threshold (0 for the others). */
  threshold: z.number(),
  /** Yuan off (满减, 代金券); 0 for 折扣. */
  amount: z.number(),
  /** 折扣: the percent paid (80 = 8折); null otherwise. */
  percent: z.number().nullable(),
  /** 折扣: the most it takes off (yuan); null: no cap. */
  cap: z.number().nullable(),
  valid_start: z.string(),
  valid_end: z.string(),
  state: z.enum(COUPON_STATES),
  source: z.enum(COUPON_SOURCES),
  /** Locked or used: the order (订单详情); null otherwise. */
  out_trade_no: z.string().nullable(),
  used_at: z.string().nullable(),
  created_at: z.string(),
});
export type MyCoupon = z.infer<typeof myCouponSchema>;

export const couponStateField = z.enum(COUPON_STATES, { error: MSG.couponStatusInvalid });
export const myCouponsQuery = z.object({ status: couponStateField.optional() });

/** A coupon as the order page offers it: whether it applies to this order at its price, and what it takes off. */
export const orderCouponSchema = z.object({
  id: z.number(),
  name: z.string(),
  rule: z.string(),
  valid_end: z.string(),
  usable: z.boolean(),
  /** Yuan off this order's price (0 when not usable). */
  discount: z.number(),
  /** Why it is not usable (差 100 元可用该优惠券, 该优惠券不适用于当前商品, ...); null when usable. */
  reason: z.string().nullable(),
});
export type OrderCoupon = z.infer<typeof orderCouponSchema>;

/** The coupon applied to an order: its name and what it took off (yuan). */
export const appliedCouponSchema = z.object({ id: z.number(), name: z.string(), discount: z.number() });
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

/**
 * The optional `coupon` of the order calls: a coupon id of the member, 0 for none; absent keeps the coupon the member's
 * open order already applies (re-entering the order page, a new quantity), if it still applies.
 */
export const couponChoiceField = integerIn(0, DB_INT_MAX, MSG.couponInvalid).optional();
