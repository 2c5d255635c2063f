// Coupon rows into the response shapes of @uc/shared (yuan on the wire).
import {
  COUPON_KINDS,
  COUPON_SOURCES,
  type CouponKind,
  type CouponSource,
  type CouponState,
  fenToYuan,
  type MyCoupon,
  type OrderCoupon,
} from '@uc/shared';
import type { UserCouponRow } from '../../db/schema.js';
import { ruleText, scopeText } from './rules.js';

/** A coupon offered to an order: the row, and whether and by how much it applies. */
export interface CouponOffer {
  coupon: UserCouponRow;
  usable: boolean;
  discountFen: number;
  reason: string | null;
}

const kindOf = (kind: string): CouponKind =>
  (COUPON_KINDS as readonly string[]).includes(kind) ? (kind as CouponKind) : 'voucher';
const sourceOf = (source: string): CouponSource =>
  (COUPON_SOURCES as readonly string[]).includes(source) ? (source as CouponSource) : 'operator';

export function toMyCoupon(
  row: UserCouponRow,
  state: CouponState,
  names: ReadonlyMap<number, string>,
  orders: ReadonlyMap<number, string>,
): MyCoupon {
  return {
    id: row.id,
    name: row.name,
    kind: kindOf(row.kind),
    rule: ruleText(row),
    scope: scopeText(row, names),
    threshold: fenToYuan(row.kind === 'full_reduction' ? row.threshold_fen : 0),
    amount: fenToYuan(row.kind === 'discount' ? 0 : row.discount_fen),
    percent: row.kind === 'discount' ? row.percent : null,
    cap: row.kind === 'discount' && row.max_discount_fen !== null ? fenToYuan(row.max_discount_fen) : null,
    valid_start: row.valid_start,
    valid_end: row.valid_end,
    state,
    source: sourceOf(row.source),
    out_trade_no: row.order_id === null ? null : (orders.get(row.order_id) ?? null),
    used_at: row.used_at,
    created_at: row.created_at,
  };
}

export function toOrderCoupon({ coupon, usable, discountFen, reason }: CouponOffer): OrderCoupon {
  return {
    id: coupon.id,
    name: coupon.name,
    rule: ruleText(coupon),
    valid_end: coupon.valid_end,
    usable,
    discount: fenToYuan(discountFen),
    reason,
  };
}
