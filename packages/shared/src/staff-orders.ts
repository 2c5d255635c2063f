// The console's 订单 section: its calls (paths under STAFF_API_BASE), queries, bodies and answers. Money in answers is
// yuan (a number that prints exactly, as the member API writes it); money in bodies is yuan text or number, parsed to
// fen exactly (yuanToFen) so 0.1 + 0.2 never happens on the way in.
import { z } from 'zod';
import {
  membershipChangeSchema,
  ORDER_STATUSES,
  OUT_TRADE_NO_PATTERN,
  orderAttemptSchema,
  REFUND_STATUSES,
  yuanToFen,
} from './commerce.js';
import { idField, textField } from './fields.js';
import { MSG } from './messages.js';
import { reasonField } from './staff.js';
import { dateRangeFilter } from './staff-cards.js';

/** Paths of the 订单 section; `:out_trade_no` is filled by `staffOrderPath`. */
export const STAFF_ORDERS_API = {
  /** GET StaffOrdersQuery + paging -> Page<StaffOrder>, newest first. */
  list: '/api/admin/orders/',
  /** GET StaffOrdersQuery -> .xlsx of every order of the filter. */
  export: '/api/admin/orders/export/',
  /** GET -> StaffDoublePaid[]: orders with money paid twice (or that bought nothing) still owed back. */
  doublePaid: '/api/admin/orders/double-paid/',
  /** GET -> .xlsx of the orders with money owed back, each with the payments it may be refunded from. */
  doublePaidExport: '/api/admin/orders/double-paid/export/',
  /** GET -> StaffOrderDetail. */
  detail: '/api/admin/orders/:out_trade_no/',
  /** POST ConfirmTransferBody -> StaffOrder (permission orders.confirm_transfer). */
  confirmTransfer: '/api/admin/orders/:out_trade_no/confirm-transfer/',
  /** POST StaffRefundBody -> StaffRefund (permission orders.refund). */
  refund: '/api/admin/orders/:out_trade_no/refund/',
  /** POST StaffOfflineRefundBody -> StaffRefund (permission orders.refund): a transfer's money returned by the bank. */
  offlineRefund: '/api/admin/orders/:out_trade_no/offline-refund/',
} as const;

/** A path of STAFF_ORDERS_API with the order's number in it. */
export const staffOrderPath = (path: string, outTradeNo: string): string =>
  path.replace(':out_trade_no', encodeURIComponent(outTradeNo));

/** The payment channels an order can have been paid through. */
export const ORDER_CHANNELS = ['wechat', 'alipay', 'transfer', 'sandbox', 'credit', 'card'] as const;

/** How the console names an order's state and channel (list, detail, export). */
export const ORDER_STATUS_TEXT: Record<(typeof ORDER_STATUSES)[number], string> = {
  created: '待支付',
  paying: '支付中',
  paid: '已支付',
  expired: '已过期',
  closed: '已关闭',
  awaiting_transfer: '待转账',
  refunded: '已退款',
};
export const ORDER_CHANNEL_TEXT: Record<(typeof ORDER_CHANNELS)[number], string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  transfer: '对公转账',
  sandbox: '模拟支付',
  credit: '抵扣',
  card: '兑换卡',
};
/** A channel's name, or the code itself for one not listed. */
export const channelText = (channel: string | null): string =>
  channel === null ? '—' : (ORDER_CHANNEL_TEXT[channel as keyof typeof ORDER_CHANNEL_TEXT] ?? channel);

/** The console's 发起支付 filter: tried (the default), untried (未发起支付), or both. */
export const ORDER_TRIED_FILTERS = ['yes', 'no', 'all'] as const;
export const ORDER_TRIED_TEXT: Record<(typeof ORDER_TRIED_FILTERS)[number], string> = {
  yes: '已发起支付',
  no: '未发起支付',
  all: '全部',
};

export const staffOrdersQuery = z.object({
  /** Exact order number, or its beginning. */
  out_trade_no: textField(20, { error: MSG.orderNoInvalid, tooLong: MSG.orderNoInvalid })
    .trim()
    .regex(/^\d*$/, MSG.orderNoInvalid)
    .optional(),
  /** The member's username (exact) or id. */
  member: textField(64).trim().optional(),
  /**
   * Whether the member tried to pay (a payment attempt or a transfer request): `yes` (unset: the default view), `no`
   * the orders nobody tried to pay (未发起支付), `all` both (docs/decisions.md "Orders nobody tried to pay").
   */
  tried: z.enum(ORDER_TRIED_FILTERS, { error: MSG.badRequest }).optional(),
  mobile: textField(20).trim().optional(),
  /** A plan gid. */
  plan: idField().optional(),
  channel: z.enum(ORDER_CHANNELS, { error: MSG.badRequest }).optional(),
  state: z.enum(ORDER_STATUSES, { error: MSG.orderStatusInvalid }).optional(),
  /** Created on or after / on or before these Shanghai dates (YYYY-MM-DD). */
  ...dateRangeFilter,
});
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuery>;

/** One order of the console's list. */
export const staffOrderSchema = z.object({
  out_trade_no: z.string(),
  user_id: z.number(),
  username: z.string(),
  mobile: z.string().nullable(),
  gid: z.number(),
  plan_name: z.string(),
  count: z.number(),
  /** 'wechat' | 'alipay' | 'transfer' | 'sandbox' | ... ; null until paid (or the channel of a transfer asked for). */
  channel: z.string().nullable(),
  /** What the order costs (yuan): total - credit - coupon. */
  amount: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** Money paid that bought nothing, still owed back (yuan). */
  owed: z.number(),
  paid_late: z.boolean(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** A credit-pack order (usage credits) / a gift card order. */
  pack_id: z.number().nullable(),
  gift_id: z.number().nullable(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/** A payment attempt as the member's order page shows it, with what the console needs beside. */
export const staffAttemptSchema = orderAttemptSchema.extend({
  id: z.number(),
  trade_no: z.string(),
  provider: z.string(),
  provider_txn_id: z.string().nullable(),
  /** Refunded or being refunded (yuan). */
  refunded: z.number(),
});
export type StaffAttempt = z.infer<typeof staffAttemptSchema>;

/** A provider's notification, query answer, a transfer confirmation or a refund event recorded for the order. */
export const staffPaymentEventSchema = z.object({
  id: z.number(),
  provider: z.string(),
  kind: z.string(),
  event_id: z.string().nullable(),
  trade_no: z.string().nullable(),
  verified: z.boolean(),
  outcome: z.string(),
  reason: z.string().nullable(),
  amount: z.number().nullable(),
  created_at: z.string(),
});
export type StaffPaymentEvent = z.infer<typeof staffPaymentEventSchema>;

/**
 * The membership change crediting the order made (null for goods orders and unpaid ones): the member's record of it
 * with the kind as stored and the units bought (fields in the order the console has always answered them).
 */
export const staffMembershipChangeSchema = membershipChangeSchema
  .omit({ created_at: true })
  .extend({ kind: z.string().nullable(), units: z.number(), created_at: z.string() });
export type StaffMembershipChange = z.infer<typeof staffMembershipChangeSchema>;

export const staffRefundSchema = z.object({
  refund_no: z.string(),
  trade_no: z.string(),
  provider: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** The whole of the order's paying attempt: the membership (or credits, cards) it bought is taken back. */
  whole: z.boolean(),
  staff_id: z.number().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  /** An off-line refund's bank reference (流水号) and the Shanghai date it was sent; null for a provider's refund. */
  bank_ref: z.string().nullable(),
  refunded_on: z.string().nullable(),
});
export type StaffRefund = z.infer<typeof staffRefundSchema>;

/** A paid attempt money can still be refunded from, and how much. */
export const staffRefundableSchema = z.object({
  attempt_id: z.number(),
  trade_no: z.string(),
  provider: z.string(),
  paid: z.number(),
  refundable: z.number(),
  /** The attempt that paid the order (refunding all of it takes back what the order bought). */
  paying: z.boolean(),
  /** A bank transfer: staff return the money by bank and record it (offlineRefund), no gateway is asked. */
  offline: z.boolean(),
});
export type StaffRefundable = z.infer<typeof staffRefundableSchema>;

export const staffOrderDetailSchema = z.object({
  order: staffOrderSchema.extend({
    company_name: z.string(),
    total: z.number(),
    credit: z.number(),
    coupon: z.number(),
    late_time: z.string(),
    expiry_before: z.string().nullable(),
    expiry_after: z.string().nullable(),
  }),
  attempts: z.array(staffAttemptSchema),
  events: z.array(staffPaymentEventSchema),
  membership: staffMembershipChangeSchema.nullable(),
  refunds: z.array(staffRefundSchema),
  refundable: z.array(staffRefundableSchema),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

export const staffDoublePaidSchema = z.object({
  order: staffOrderSchema,
  attempts: z.array(staffRefundableSchema),
});
export type StaffDoublePaid = z.infer<typeof staffDoublePaidSchema>;

/** Yuan as text or a number, exactly to fen, above 0; every failure answers `message`. */
const amountField = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const fen = yuanToFen(v);
    if (fen === null || fen <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return fen;
  });

export const staffOrderParams = z.object({
  out_trade_no: z.string({ error: MSG.orderNoInvalid }).regex(OUT_TRADE_NO_PATTERN, MSG.orderNoInvalid),
});

/** 确认转账: the amount received (yuan), checked against the order; why (the audit row). */
export const confirmTransferBody = z.object({
  amount: amountField(MSG.transferAmountInvalid),
  reason: reasonField,
});
export type ConfirmTransferBody = z.input<typeof confirmTransferBody>;

/** 退款: amount (yuan) and why; attempt_id picks a payment made twice (default: the paying one). */
export const staffRefundBody = z.object({
  amount: amountField(MSG.refundAmountInvalid),
  reason: reasonField,
  attempt_id: idField().optional(),
});
export type StaffRefundBody = z.input<typeof staffRefundBody>;

/** The longest bank reference (流水号) an off-line refund records. */
export const BANK_REF_MAX = 64;

/** 线下退款 of a transfer: amount (yuan), the bank reference, the Shanghai date the money was sent, and why. */
export const staffOfflineRefundBody = z.object({
  amount: amountField(MSG.refundAmountInvalid),
  reason: reasonField,
  bank_ref: textField(BANK_REF_MAX, { error: MSG.bankRefInvalid, tooLong: MSG.bankRefInvalid })
    .trim()
    .min(1, MSG.bankRefInvalid),
  refunded_on: z
    .string({ error: MSG.offlineRefundDateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.offlineRefundDateInvalid),
});
export type StaffOfflineRefundBody = z.input<typeof staffOfflineRefundBody>;
