// Rows and quotes into the response shapes of docs/requirements.md §3 (yuan on the wire), and their zod response schemas.
import {
  ATTEMPT_STATUSES,
  type AttemptStatus,
  fenToYuan,
  type MembershipChange,
  ORDER_CLOSE_REASONS,
  ORDER_STATUSES,
  type OrderAttempt,
  type OrderCloseReason,
  type OrderCreated,
  type OrderDetail,
  type OrderInvoice,
  type OrderListItem,
  type OrderPack,
  type OrderRefund,
  type OrderStatus,
  type PlanItem,
  type PlanPrice,
  type PriceLine,
  PURCHASE_KINDS,
  parseJson,
  REFUND_STATUSES,
  type RefundStatus,
  type TransferInfo,
} from '@uc/shared';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { MembershipChangeRow, OrderRow, PaymentAttemptRow, RefundRow } from '../../db/schema.js';
import { type CouponOffer, offersOut } from '../coupons/service.js';
import type { PackOffer } from '../tools/service.js';
import type { GiftOffer } from './deps.js';
import { type PlanUnit, priceList, type Quote } from './pricing.js';
import type { PlanWithTiers } from './repo.js';

export const CREDIT_LINE = '当前套餐剩余价值抵扣';
/** The price line of the applied coupon: 优惠券（新人满减券）. */
export const couponLine = (name: string): string => `优惠券（${name}）`;
const MULTI_YEAR_LINE = '多年优惠';

const statusOf = (status: string): OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : 'closed';

const closeReasonOf = (order: OrderRow): OrderCloseReason | null =>
  order.status === 'closed' && (ORDER_CLOSE_REASONS as readonly string[]).includes(order.closed_reason ?? '')
    ? (order.closed_reason as OrderCloseReason)
    : null;

const featureList = z
  .array(z.unknown())
  .transform((items) => items.filter((f): f is string => typeof f === 'string'));

/** A plan's feature lines (JSON); unreadable text counts as none. */
const features = (text: string): string[] => parseJson(text, featureList) ?? [];

export const pricedPlan = (plan: PlanWithTiers) => ({
  gid: plan.gid,
  level: plan.level,
  unitPriceFen: plan.unit_price_fen,
  unit: plan.unit as PlanUnit,
  tiers: plan.tiers,
});

export function toPlanItem(plan: PlanWithTiers): PlanItem {
  return {
    gid: plan.gid,
    name: plan.name,
    level: plan.level,
    unit_price: fenToYuan(plan.unit_price_fen),
    unit: plan.unit === 'year' ? 'year' : 'months12',
    api_calls_per_unit: plan.api_calls_per_unit,
    features: features(plan.features),
    on_sale: plan.on_sale === 1,
    plain_invoice_only: plan.plain_invoice_only === 1,
  };
}

export function toPlanPrice(plan: PlanWithTiers): PlanPrice {
  return { gid: plan.gid, price_list: priceList(pricedPlan(plan)) };
}

/** The breakdown, in order: list price, the multi-year saving, the credit; they add up to the final price. */
export function priceLines(plan: PlanWithTiers, q: Quote): PriceLine[] {
  const listFen = plan.unit_price_fen * q.count;
  const lines: PriceLine[] = [{ label: `${plan.name} × ${q.count}年`, amount: fenToYuan(listFen) }];
  if (listFen > q.totalFen) lines.push({ label: MULTI_YEAR_LINE, amount: -fenToYuan(listFen - q.totalFen) });
  if (q.creditFen > 0) lines.push({ label: CREDIT_LINE, amount: -fenToYuan(q.creditFen) });
  return lines;
}

/** The coupon an order's price applies, and the member's coupons offered with it. */
export interface OrderCoupons {
  coupon: CouponOffer | null;
  offers: readonly CouponOffer[];
}

/** A credit pack as orders name it: 高企评分次数包（50次）. */
export const packName = (pack: Pick<PackOffer, 'tool_name' | 'uses'>): string =>
  `${pack.tool_name}次数包（${pack.uses}次）`;

export function toOrderPack(pack: PackOffer): OrderPack {
  return { id: pack.id, tool: pack.tool_code, tool_name: pack.tool_name, uses: pack.uses };
}

/** The goods an order sells beside a plan: a credit pack or a gift card product (null: the plan itself). */
export interface OrderGoods {
  pack: PackOffer | null;
  gift: GiftOffer | null;
}

/** The line of goods sold by the unit: 高企评分次数包（10次） × 2, 专业版年卡 × 3张. */
function unitLine(name: string, q: Quote, gift: boolean): PriceLine {
  return { label: `${name} × ${q.count}${gift ? '张' : ''}`, amount: fenToYuan(q.totalFen) };
}

/**
 * An order of a plan, or of `count` credit packs or gift cards (then one line, no price list), with its coupon's line
 * and the member's coupons offered for it.
 */
export function toOrderCreated(
  order: OrderRow,
  plan: PlanWithTiers,
  q: Quote,
  { pack, gift }: OrderGoods,
  { coupon, offers }: OrderCoupons,
): OrderCreated {
  const name = gift ? gift.name : pack ? packName(pack) : plan.name;
  const byUnit = pack !== null || gift !== null;
  const lines = byUnit ? [unitLine(name, q, gift !== null)] : priceLines(plan, q);
  if (coupon && q.couponFen > 0) {
    lines.push({ label: couponLine(coupon.coupon.name), amount: -fenToYuan(q.couponFen) });
  }
  return {
    out_trade_no: order.out_trade_no,
    gid: order.gid,
    name,
    count: q.count,
    price: fenToYuan(q.finalFen),
    price_list: byUnit ? [] : priceList(pricedPlan(plan)),
    total: fenToYuan(q.totalFen),
    credit: fenToYuan(q.creditFen),
    lines,
    min_count: q.minCount,
    late_time: order.late_time,
    expired_time: q.kind === 'api' || byUnit ? null : q.expiryBefore,
    new_expired_time: q.kind === 'api' ? null : q.expiryAfter,
    status: statusOf(order.status),
    kind: q.kind,
    unused_days: q.unusedDays,
    pack: pack ? toOrderPack(pack) : null,
    gift: gift ? { id: gift.id, name: gift.name } : null,
    coupon: coupon
      ? { id: coupon.coupon.id, name: coupon.coupon.name, discount: fenToYuan(q.couponFen) }
      : null,
    coupons: offersOut(offers),
  };
}

/** An order of 我的订单; `payable` is the service's (whether 继续支付 resumes it); `goods`: what it sells beside a plan. */
export function toOrderListItem(
  order: OrderRow,
  names: ReadonlyMap<number, string>,
  payable: boolean,
  {
    pack,
    gift,
    couponName,
    invoice,
    plainInvoiceOnly,
  }: Partial<OrderGoods> & {
    couponName?: string | null;
    invoice?: OrderInvoice | null;
    plainInvoiceOnly?: boolean;
  } = {},
): OrderListItem {
  return {
    out_trade_no: order.out_trade_no,
    gid: order.gid,
    name: gift ? gift.name : pack ? packName(pack) : (names.get(order.gid) ?? ''),
    count: order.count,
    total: fenToYuan(order.total_fen),
    credit: fenToYuan(order.credit_fen),
    price: fenToYuan(order.final_fen),
    status: statusOf(order.status),
    closed_reason: closeReasonOf(order),
    channel: order.channel,
    created_at: order.created_at,
    paid_at: order.paid_at,
    late_time: order.late_time,
    payable,
    refund: fenToYuan(order.refund_fen),
    pack: pack ? toOrderPack(pack) : null,
    gift: gift ? { id: gift.id, name: gift.name } : null,
    coupon: fenToYuan(order.coupon_fen),
    coupon_name: order.coupon_fen > 0 ? (couponName ?? null) : null,
    invoice: invoice ?? null,
    invoiceable: order.status === 'paid' && order.final_fen > 0 && !invoice,
    plain_invoice_only: plainInvoiceOnly ?? true,
  };
}

const attemptStatusOf = (status: string): AttemptStatus =>
  (ATTEMPT_STATUSES as readonly string[]).includes(status) ? (status as AttemptStatus) : 'closed';

const purchaseKindOf = (kind: string | null): MembershipChange['kind'] =>
  (PURCHASE_KINDS as readonly string[]).includes(kind ?? '') ? (kind as MembershipChange['kind']) : null;

export function toOrderAttempt(attempt: PaymentAttemptRow): OrderAttempt {
  return {
    seq: attempt.seq,
    channel: attempt.channel,
    amount: fenToYuan(attempt.amount_fen),
    status: attemptStatusOf(attempt.status),
    created_at: attempt.created_at,
    paid_at: attempt.paid_at,
  };
}

export function toMembershipChange(change: MembershipChangeRow): MembershipChange {
  return {
    kind: purchaseKindOf(change.kind),
    gid_before: change.gid_before,
    gid_after: change.gid_after,
    level_before: change.level_before,
    level_after: change.level_after,
    expiry_before: change.expiry_before,
    expiry_after: change.expiry_after,
    api_calls_added: change.api_calls_added,
    created_at: change.created_at,
  };
}

/** 订单详情: the order as 我的订单 lists it, each attempt, and what crediting it changed. */
const refundStatusOf = (status: string): RefundStatus =>
  (REFUND_STATUSES as readonly string[]).includes(status) ? (status as RefundStatus) : 'closed';

/** A refund goes back the way its attempt paid (the channel the member chose; the provider may be the sandbox). */
export function toOrderRefund(refund: RefundRow, attempts: readonly PaymentAttemptRow[]): OrderRefund {
  return {
    amount: fenToYuan(refund.amount_fen),
    channel: attempts.find((a) => a.id === refund.attempt_id)?.channel ?? refund.provider,
    by_bank: refund.bank_ref !== null,
    status: refundStatusOf(refund.status),
    whole: refund.whole === 1,
    created_at: refund.created_at,
    settled_at: refund.settled_at,
  };
}

/** What the attempt that paid the order still holds: its amount less the refunds of it that succeeded (fen). */
function keptFen(
  order: OrderRow,
  attempts: readonly PaymentAttemptRow[],
  refunds: readonly RefundRow[],
): number {
  const paying = attempts.find((a) => a.id === order.paid_attempt_id);
  if (!paying) return 0;
  const returned = refunds
    .filter((r) => r.attempt_id === paying.id && r.status === 'succeeded')
    .reduce((sum, r) => sum + r.amount_fen, 0);
  return Math.max(0, paying.amount_fen - returned);
}

export function toOrderDetail(
  item: OrderListItem,
  order: OrderRow,
  attempts: readonly PaymentAttemptRow[],
  refunds: readonly RefundRow[],
  change: MembershipChangeRow | undefined,
  grant: { tool_name: string; total: number; expires_at: string; created_at: string } | undefined,
): OrderDetail {
  return {
    ...item,
    attempts: attempts.map(toOrderAttempt),
    refunds: refunds.map((r) => toOrderRefund(r, attempts)),
    kept: fenToYuan(keptFen(order, attempts, refunds)),
    change: change ? toMembershipChange(change) : null,
    grant: grant
      ? {
          tool_name: grant.tool_name,
          uses: grant.total,
          expires_at: grant.expires_at,
          created_at: grant.created_at,
        }
      : null,
  };
}

export function toTransferInfo(order: OrderRow, bank: Config['payment']['bank']): TransferInfo {
  return {
    out_trade_no: order.out_trade_no,
    amount: fenToYuan(order.final_fen),
    bank_account_name: bank.accountName,
    bank_name: bank.bankName,
    bank_account_no: bank.accountNo,
    remark: order.out_trade_no,
  };
}

// --- Response schemas ---

const _statusSchema = z.enum(ORDER_STATUSES);
const _priceRowSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
