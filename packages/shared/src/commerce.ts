// Plans, orders and payments (docs/requirements.md §2 package pages, §3 Order, §4 order flow, §7 orders and payments).
// Money on the wire is yuan as a number with at most two decimals (what the pages show); the server
// keeps fen (integers) and converts with yuanToFen / fenToYuan, never with float arithmetic.
import { z } from 'zod';
import { appliedCouponSchema, couponChoiceField, orderCouponSchema } from './coupons.js';
import { DB_INT_MAX, integerIn, textField } from './fields.js';
import { orderInvoiceSchema } from './invoice-states.js';
import { isLegacyLevel, isMemberLevel } from './levels.js';
import { MSG } from './messages.js';

/** Paths exactly as docs/requirements.md §7 writes them (GET unless noted), plus the notification and sandbox paths. */
export const COMMERCE_API = {
  /** POST gid, count -> OrderCreated. */
  order: '/api/ccw/goods/order/',
  /** POST gid, out_trade_no, pay_type, expired_time, finalPrice, count, source? -> PayCreated. */
  pay: '/api/ccw/goods/pay/',
  /** POST out_trade_no -> TransferInfo (corporate bank transfer). */
  transfer: '/api/ccw/goods/TTpay/',
  /** Query out_trade_no -> PayStatus. */
  payStatus: '/api/ccw/goods/pay/status/',
  /** -> ExpiredTime: the current plan's expiry (renewal). */
  expiredTime: '/api/ccw/goods/order/expiredtime/',
  /** Query page, size, optional status -> Page<OrderListItem>. */
  orderList: '/api/ccw/goods/pay/order/list/',
  /** `{id}`: the order's out_trade_no -> OrderDetail (the member's own order; 403 another member's). */
  orderDetail: '/saastools/mytaocanorder/{id}',
  /** -> ApiSurplus: API calls left. */
  surplus: '/api/ccw/goods/pay/service/surplus/',
  /** -> PlanChangeState: the plan change scheduled for the end of the current period, the own legacy plan. */
  planChange: '/api/ccw/goods/plan/change/',
  /** POST -> null: cancels the scheduled plan change (its money is owed back). */
  planChangeCancel: '/api/ccw/goods/plan/change/cancel/',
  /** Public: -> PlanItem[] (the catalogue). */
  planList: '/saastools/taocanlist/index',
  /** Public: query gid? -> PlanPrice[] (price_list per plan). */
  planPrices: '/saastools/taocanprice/',
  /** Provider notifications (not called by the web app). */
  notifySandbox: '/api/ccw/goods/notify/sandbox/',
  notifyWechat: '/api/ccw/goods/notify/wechat/',
  notifyAlipay: '/api/ccw/goods/notify/alipay/',
  /** Refund notifications (WeChat Pay's, and the sandbox's own). */
  notifyWechatRefund: '/api/ccw/goods/notify/wechat/refund/',
  notifySandboxRefund: '/api/ccw/goods/notify/sandbox/refund/',
  /** The sandbox's 模拟支付 page (the QR payload in the embedded default) and its confirm form target. */
  sandboxPage: '/api/ccw/goods/sandbox/pay/',
  sandboxConfirm: '/api/ccw/goods/sandbox/confirm/',
  /** WeChat's sign-in (snsapi_base) comes back here with code, state and to (the page to return to); a redirect. */
  wechatSignIn: '/api/ccw/goods/wechat/oauth/',
} as const;

export const ORDER_STATUSES = [
  'created',
  'paying',
  'paid',
  'expired',
  'closed',
  'awaiting_transfer',
  /** 已退款: a paid order refunded whole by the operator (docs/decisions.md "Refunds"). */
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Why an order was closed unpaid: `superseded`, a purchase credited since gives the member that plan's level or more
 * (docs/decisions.md "Orders nobody tried to pay").
 */
export const ORDER_CLOSE_REASONS = ['superseded'] as const;
export type OrderCloseReason = (typeof ORDER_CLOSE_REASONS)[number];
/** How 我的订单 and the console explain an order's 已关闭. */
export const ORDER_CLOSE_REASON_TEXT: Record<OrderCloseReason, string> = {
  superseded: '已开通更高套餐，此订单无需支付',
};

/** Pay type of docs/requirements.md §3: 1 = WeChat, anything else = Alipay. */
export const PAY_TYPE = { wechat: 1, alipay: 2 } as const;

/** One row of price_list (docs/requirements.md §3): [0] discount factor for the next tier, [1] total price,
 *  [2] amount saved, [3] next-unit price. Row i is the price of i + 1 units. Yuan. */
export type PriceRow = [nextFactor: number, total: number, saved: number, nextUnitPrice: number];

const statusSchema = z.enum(ORDER_STATUSES);
const priceRowSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** A plan of the catalogue (GET /saastools/taocanlist/index). */
export const planItemSchema = z.object({
  gid: z.number(),
  name: z.string(),
  /** The level a purchase grants; null for the API package (level unchanged). */
  level: z.number().nullable(),
  /** Yuan per unit (one year). */
  unit_price: z.number(),
  /** How one unit extends the expiry (docs/requirements.md §9). */
  unit: z.enum(['year', 'months12']),
  /** API calls per unit (API package), else null. */
  api_calls_per_unit: z.number().nullable(),
  features: z.array(z.string()),
  on_sale: z.boolean(),
  /** Only ordinary electronic invoices (docs/requirements.md §9: plans 1 and 5). */
  plain_invoice_only: z.boolean(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

/** GET /saastools/taocanprice/: one plan's price list. */
export const planPriceSchema = z.object({
  gid: z.number(),
  price_list: z.array(priceRowSchema),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

/** A line of the order's price breakdown, in order; credits are negative. */
export interface PriceLine {
  label: string;
  amount: number;
}

/**
 * How a purchase meets the member's plan: renew the same plan (from its expiry), switch to another while the current
 * one runs (starts now, the unused days credited), start afresh (no running plan), the API package, or a tool's
 * usage credit pack (credits: the order's `pack`), or gift cards (gift: the order's `gift`), or a lower plan taking
 * over when the current one ends (change: paid now, scheduled, docs/decisions.md "Legacy levels and changes of plan").
 */
export const PURCHASE_KINDS = ['renew', 'switch', 'start', 'api', 'credits', 'gift', 'change'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

/** What an order of usage credits buys: `count` packs of `uses` credits of a tool (null: an order of a plan). */
export const orderPackSchema = z.object({
  /** The pack's id (GET /saastools/getbuytoolsactionsprice). */
  id: z.number(),
  /** The tool's code (TOOL_CODES of tools.ts). */
  tool: z.string(),
  tool_name: z.string(),
  uses: z.number(),
});
export type OrderPack = z.infer<typeof orderPackSchema>;

/** What an order of gift cards buys: `count` cards of a product. */
export const orderGiftSchema = z.object({ id: z.number(), name: z.string() });
export type OrderGift = z.infer<typeof orderGiftSchema>;

/** POST /api/ccw/goods/order/ data (docs/requirements.md §3 Order, plus the breakdown). */
export const orderCreatedSchema = z.object({
  out_trade_no: z.string(),
  gid: z.number(),
  name: z.string(),
  count: z.number(),
  /** The final price to pay (yuan) = total - credit - the coupon; may be negative (then the page refuses to pay). */
  price: z.number(),
  price_list: z.array(priceRowSchema),
  /** Total before the credit (yuan). */
  total: z.number(),
  /** 当前套餐剩余价值抵扣 (yuan, >= 0). */
  credit: z.number(),
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  /** The smallest count the stepper allows (the tier already reached; docs/decisions.md). */
  min_count: z.number(),
  /** Pay-by time, ISO. */
  late_time: z.string(),
  /** The current plan's expiry, ISO, or null. */
  expired_time: z.string().nullable(),
  /** The expiry after this purchase, ISO (null for the API package). */
  new_expired_time: z.string().nullable(),
  status: statusSchema,
  kind: z.enum(PURCHASE_KINDS),
  /** A switch: the whole unused days of the current plan the credit pays back (0 otherwise). */
  unused_days: z.number(),
  /** An order of usage credits: the pack (gid is then PLAN.credits); null for a plan. */
  pack: orderPackSchema.nullable(),
  /** An order of gift cards: the product (gid is then PLAN.gift); null otherwise. */
  gift: orderGiftSchema.nullable(),
  /** The coupon applied to the price (its line is in `lines`); null: none. */
  coupon: appliedCouponSchema.nullable(),
  /** The member's coupons in force, each usable for this order at this price or not (with why), best first. */
  coupons: z.array(orderCouponSchema),
});
export type OrderCreated = z.infer<typeof orderCreatedSchema>;

/**
 * How a payment is put before the payer (docs/decisions.md "Payment channels by device"): `qr` a code to scan from
 * another device (WeChat Native, Alipay precreate); `h5` the phone's own browser sent to the provider's page (WeChat Pay
 * H5, Alipay wap) and back to the result page; `jsapi` WeChat's in-app payment sheet (WeixinJSBridge). A pay request
 * may name one; without it the server picks from the User-Agent.
 */
export const PAY_MODES = ['qr', 'h5', 'jsapi'] as const;
export type PayMode = (typeof PAY_MODES)[number];

/** WeixinJSBridge getBrandWCPayRequest's parameters, signed by the server (WeChat Pay JSAPI). */
export const jsapiParamsSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.string(),
  paySign: z.string(),
});
export type JsapiParams = z.infer<typeof jsapiParamsSchema>;

/** POST /api/ccw/goods/pay/ data. */
export const payCreatedSchema = z.object({
  /**
   * `qr`: the QR payload; `h5`: the address the browser goes to; `oauth`: WeChat's sign-in address that learns the
   * payer's openid once and comes back to the order page; `jsapi`: empty (the parameters are in `jsapi`), except in
   * the sandbox, where it is the 模拟支付 page a browser without WeixinJSBridge goes to.
   */
  url: z.string(),
  /** The provider-facing trade number of this attempt (empty for `oauth`: no attempt was issued). */
  orderid: z.string(),
  /** How this attempt is paid. */
  mode: z.enum([...PAY_MODES, 'oauth']),
  /** `jsapi` only. */
  jsapi: jsapiParamsSchema.optional(),
});
export type PayCreated = z.infer<typeof payCreatedSchema>;

/** GET /api/ccw/goods/pay/status/ data. */
export const payStatusSchema = z.object({
  /** true once paid. */
  status: z.boolean(),
  order_status: statusSchema,
  /** A fresh token carrying the new level once paid, else null. */
  token: z.string().nullable(),
});
export type PayStatus = z.infer<typeof payStatusSchema>;

/** POST /api/ccw/goods/TTpay/ data. */
export const transferInfoSchema = z.object({
  out_trade_no: z.string(),
  amount: z.number(),
  bank_account_name: z.string(),
  bank_name: z.string(),
  bank_account_no: z.string(),
  /** What to write in the transfer's remark (the order number). */
  remark: z.string(),
});
export type TransferInfo = z.infer<typeof transferInfoSchema>;

/** GET /api/ccw/goods/order/expiredtime/ data. */
export const expiredTimeSchema = z.object({
  gid: z.number().nullable(),
  expired_time: z.string().nullable(),
});
export type ExpiredTime = z.infer<typeof expiredTimeSchema>;

/** GET /api/ccw/goods/pay/order/list/ item. */
export const orderListItemSchema = z.object({
  out_trade_no: z.string(),
  gid: z.number(),
  name: z.string(),
  count: z.number(),
  total: z.number(),
  credit: z.number(),
  price: z.number(),
  status: statusSchema,
  /** Why a 已关闭 order was closed (ORDER_CLOSE_REASON_TEXT); null otherwise. */
  closed_reason: z.enum(ORDER_CLOSE_REASONS).nullable(),
  /** 'wechat' | 'alipay' | 'transfer' | null (not paid yet). */
  channel: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  late_time: z.string(),
  /** 继续支付 resumes this order: still open, before its pay-by time, a price >= 0, a plan the member may buy. */
  payable: z.boolean(),
  /** Money paid for this order that bought nothing (a second or superseded payment), owed back (yuan, 0 if none). */
  refund: z.number(),
  /** An order of usage credits: the pack (继续支付 opens the pack's order page); null for a plan. */
  pack: orderPackSchema.nullable(),
  /** An order of gift cards: the product (继续支付 opens its order page, 查看卡密 its cards once paid); else null. */
  gift: orderGiftSchema.nullable(),
  /** What the applied coupon took off (yuan, 0 if none): price = total - credit - coupon. */
  coupon: z.number(),
  /** The applied coupon's name; null if none. */
  coupon_name: z.string().nullable(),
  /** The order's invoice request (发票): null when none was asked for, or the last one was rejected. */
  invoice: orderInvoiceSchema.nullable(),
  /** A paid order an invoice may be asked for now (paid, an amount above 0, no request standing). */
  invoiceable: z.boolean(),
  /** Its goods sell only ordinary electronic invoices (docs/requirements.md §9: plans 1 and 5; packs and gift cards too). */
  plain_invoice_only: z.boolean(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** The payment attempt states: a QR or transfer still open, paid, closed unpaid, refused by the provider. */
export const ATTEMPT_STATUSES = ['open', 'paid', 'closed', 'failed'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** One payment attempt of an order (each QR shown or transfer asked for), oldest first. */
export const orderAttemptSchema = z.object({
  /** 1, 2, ... in the order they were made. */
  seq: z.number(),
  /** 'wechat' | 'alipay' | 'transfer' | 'sandbox' | 'credit' (nothing to pay). */
  channel: z.string(),
  amount: z.number(),
  status: z.enum(ATTEMPT_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type OrderAttempt = z.infer<typeof orderAttemptSchema>;

/** What crediting the order changed: the plan, level and expiry before and after, the API calls added. */
export const membershipChangeSchema = z.object({
  kind: z.enum(PURCHASE_KINDS).nullable(),
  gid_before: z.number().nullable(),
  gid_after: z.number().nullable(),
  level_before: z.number(),
  level_after: z.number(),
  expiry_before: z.string().nullable(),
  expiry_after: z.string().nullable(),
  api_calls_added: z.number(),
  created_at: z.string(),
});
export type MembershipChange = z.infer<typeof membershipChangeSchema>;

/** What crediting an order of usage credits granted: the tool's credits and until when they can be used. */
export const orderGrantSchema = z.object({
  tool_name: z.string(),
  uses: z.number(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type OrderGrant = z.infer<typeof orderGrantSchema>;

/** A refund's states: asked of the channel (or recorded as sent by bank), returned, refused, or closed unpaid. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'closed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** One refund of an order as its member sees it (退款记录): how much, back through which channel, its state. */
export const orderRefundSchema = z.object({
  amount: z.number(),
  /** The channel of the payment it returns, as the attempt names it ('wechat' | 'alipay' | 'transfer' | ...). */
  channel: z.string(),
  /** Returned by the bank (an order paid by transfer), not through a payment channel. */
  by_bank: z.boolean(),
  status: z.enum(REFUND_STATUSES),
  /** The whole of what paid the order: what the order bought (the plan's time, credits, cards) is taken back. */
  whole: z.boolean(),
  created_at: z.string(),
  /** When it was returned (or refused); null while pending. */
  settled_at: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** GET /saastools/mytaocanorder/{id} data: the order as 我的订单 lists it, its attempts and what it changed. */
export const orderDetailSchema = orderListItemSchema.extend({
  attempts: z.array(orderAttemptSchema),
  /** Every refund of the order's payments, oldest first (a second payment's refund too). */
  refunds: z.array(orderRefundSchema),
  /** What the payment that paid the order still holds after its refunds (yuan; 0 while unpaid). */
  kept: z.number(),
  /** A plan's order: null until it is credited (and always null for an order of credits). */
  change: membershipChangeSchema.nullable(),
  /** An order of credits: what it granted, null until it is credited (and always null for a plan). */
  grant: orderGrantSchema.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET /api/ccw/goods/pay/service/surplus/ data. */
export const apiSurplusSchema = z.object({
  total: z.number(),
  used: z.number(),
  surplus: z.number(),
  expired_time: z.string().nullable(),
});
export type ApiSurplus = z.infer<typeof apiSurplusSchema>;

/**
 * Push message code for a paid order (the order page moves on without waiting for the poll): the message on
 * /ws/msg/{group_id}/ is `{ code: PUSH_ORDER_PAID, message: out_trade_no }` (PushMessage of push.ts has a numeric code).
 */
export const PUSH_ORDER_PAID = 2 as const;

/**
 * 已享更高权益: a plan of no higher level than the paid member's running one that is not its own plan. The plan page
 * shows it without a button, and the server refuses every way to buy it (order, pay, transfer, 继续支付), so no path
 * lowers a membership. The API package is never included.
 */
export function planIncluded(
  plan: { gid: number; level: number | null },
  member: { gid: number | null | undefined; level: number },
): boolean {
  if (plan.level === null) return false;
  if (typeof member.gid === 'number' && member.gid > 0 && member.gid === plan.gid) return false;
  // A legacy level's own renewal row (its gid is not the member's yet: the level was set outside the shop).
  if (isLegacyLevel(plan.level) && plan.level === member.level) return false;
  return isMemberLevel(member.level) && plan.level <= member.level;
}

/** Body codes of the order calls' business failures (HTTP 200; the message is docs/requirements.md §8's). */
export const ORDER_CODE = {
  /** 订单创建失败，请联系客服处理: the plan is unknown or not on sale. */
  createFailed: 20101,
  /** 订单异常，请联系客服处理: tampered gid or price, a negative final price, an order that cannot be paid. */
  abnormal: 20102,
  /** 订单已过期，请您重新选择套餐，并及时支付订单！ */
  expired: 20103,
  /** 支付失败，请联系客服处理: the provider refused to create the QR code. */
  payFailed: 20104,
  /** 已享更高权益: a plan below the member's running level (no path lowers a membership). */
  planIncluded: 20105,
  /** A lower plan while a change to one is already scheduled (cancel it first). */
  changeScheduled: 20106,
} as const;

/** The quantity stepper's bounds (docs/requirements.md §5 Payment: 1 to 5). */
export const ORDER_COUNT = { min: 1, max: 5 } as const;

/** Readable order number: yyyymmdd (Asia/Shanghai) + 12 random digits. */
export const OUT_TRADE_NO_PATTERN = /^\d{20}$/;

const planGid = integerIn(1, DB_INT_MAX, MSG.planInvalid);
const orderCount = integerIn(ORDER_COUNT.min, ORDER_COUNT.max, MSG.orderCountInvalid);
export const outTradeNoField = z
  .string({ error: MSG.orderNoInvalid })
  .trim()
  .max(32, MSG.orderNoInvalid)
  .regex(OUT_TRADE_NO_PATTERN, MSG.orderNoInvalid);

/** finalPrice as sent (yuan, a number or a string, <= 2 decimals, may be negative) -> fen. */
const finalPriceField = z
  .union([z.string().max(24, MSG.finalPriceInvalid), z.number()], { error: MSG.finalPriceInvalid })
  .transform((value, ctx) => {
    const fen =
      typeof value === 'number'
        ? Number.isFinite(value) &&
          Math.abs(value) < 1e10 &&
          Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
          ? Math.round(value * 100)
          : null
        : signedYuanToFen(value);
    if (fen === null) {
      ctx.addIssue({ code: 'custom', message: MSG.finalPriceInvalid });
      return z.NEVER;
    }
    return fen;
  });

/** What every order of goods sends beside the goods: how many (1-5, one when not sent) and the coupon it applies. */
export const orderQuantityFields = { count: orderCount.default(ORDER_COUNT.min), coupon: couponChoiceField };

/** POST /api/ccw/goods/order/ */
export const orderCreateBody = z.object({ gid: planGid, ...orderQuantityFields });
export type OrderCreateInput = z.input<typeof orderCreateBody>;

/** POST /api/ccw/goods/pay/ (docs/requirements.md §3 pay payload); finalPrice parses to fen. */
export const payBody = z.object({
  gid: planGid,
  out_trade_no: outTradeNoField,
  pay_type: integerIn(0, 99, MSG.payTypeInvalid),
  /** What the page shows as the current expiry; informational (the server reads its own). */
  expired_time: textField(40).nullable().optional(),
  finalPrice: finalPriceField,
  count: orderCount,
  source: textField(64).trim().optional(),
  /** The way to pay, when the member chose one (改用扫码支付); the server picks from the User-Agent otherwise. */
  mode: z.enum(PAY_MODES, { error: MSG.payTypeInvalid }).optional(),
});
export type PayInput = z.input<typeof payBody>;

/** POST /api/ccw/goods/TTpay/ and GET /api/ccw/goods/pay/status/ */
export const outTradeNoBody = z.object({ out_trade_no: outTradeNoField });
export type OutTradeNoBody = z.input<typeof outTradeNoBody>;

/** The order list's status filters: one status, or `pending` for the orders still to pay (created or paying). */
export const ORDER_LIST_FILTERS = { pending: ['created', 'paying'] } as const satisfies Record<
  string,
  readonly OrderStatus[]
>;
export type OrderListFilter = OrderStatus | keyof typeof ORDER_LIST_FILTERS;

/** The statuses a filter of the order list stands for. */
export const statusesOf = (filter: OrderListFilter): readonly OrderStatus[] =>
  filter in ORDER_LIST_FILTERS
    ? ORDER_LIST_FILTERS[filter as keyof typeof ORDER_LIST_FILTERS]
    : [filter as OrderStatus];

/** GET /api/ccw/goods/pay/order/list/ status filter. */
export const orderStatusField = z.enum(
  [...ORDER_STATUSES, ...Object.keys(ORDER_LIST_FILTERS)] as [OrderListFilter, ...OrderListFilter[]],
  { error: MSG.orderStatusInvalid },
);

/** GET /saastools/taocanprice/ optional gid. */
export const planPricesQuery = z.object({ gid: planGid.optional() });

/** '12.30' | 12.3 -> 1230 fen, exactly; null for anything that is not a non-negative amount with <= 2 decimals. */
export function yuanToFen(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/** Signed yuan -> fen (credits, negative final prices), same exactness. */
export function signedYuanToFen(value: string | number): number | null {
  const text = String(value).trim();
  if (text.startsWith('-')) {
    const fen = yuanToFen(text.slice(1));
    return fen === null ? null : -fen;
  }
  return yuanToFen(text);
}

/** 1230 -> 12.3 (a number that prints as the exact yuan amount). */
export const fenToYuan = (fen: number): number => Math.round(fen) / 100;

/** 1230 -> '12.30' for display and for Alipay's total_amount. */
export const formatYuan = (fen: number): string =>
  `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
