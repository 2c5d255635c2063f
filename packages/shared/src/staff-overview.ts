// The console's 概览 section: its calls (paths under STAFF_API_BASE), query and answer — the period's revenue per day
// and channel, new and paying members, orders by state and refunds, read from orders, payment attempts, refunds and
// users. Money is integer fen.
import { z } from 'zod';
import { ORDER_STATUSES } from './commerce.js';
import { MSG } from './messages.js';

export const STAFF_OVERVIEW_API = {
  /** GET OverviewQuery -> Overview. */
  overview: '/api/admin/overview/',
  /** GET OverviewQuery -> .xlsx, one row per day. */
  export: '/api/admin/overview/export/',
} as const;

/** The longest period the overview reads, in days (a year, a leap one included). */
export const OVERVIEW_MAX_DAYS = 366;
/** The period without dates: the last 30 days, today included. */
export const OVERVIEW_DEFAULT_DAYS = 30;

/** The names of the payment channels a payment attempt records; another one shows as written. */
export const PAY_CHANNEL_NAMES: Record<string, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  transfer: '对公转账',
  sandbox: '模拟支付',
};

/** 订单状态 names (ORDER_STATUSES). */
export const ORDER_STATUS_NAMES: Record<(typeof ORDER_STATUSES)[number], string> = {
  created: '待支付',
  paying: '支付中',
  paid: '已支付',
  expired: '已过期',
  closed: '已关闭',
  awaiting_transfer: '待确认转账',
  refunded: '已退款',
};

/** A real calendar date YYYY-MM-DD (Date.parse rolls 02-30 over to March; the round trip does not). */
const isDate = (v: string) => {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
};
const dateField = z.string({ error: MSG.overviewRangeInvalid }).refine(isDate, MSG.overviewRangeInvalid);

/** Shanghai dates, inclusive; the server checks from <= to and the span (MSG.overviewRangeInvalid). */
export const overviewQuery = z.object({ from: dateField.optional(), to: dateField.optional() });
export type OverviewQuery = z.infer<typeof overviewQuery>;

export const overviewDaySchema = z.object({
  /** YYYY-MM-DD, Asia/Shanghai. */
  date: z.string(),
  /** Money received (paid payment attempts), per channel key and in all. */
  revenue_fen: z.number(),
  by_channel: z.record(z.string(), z.number()),
  /** Main accounts registered. */
  new_members: z.number(),
  /** Members with an order paid that day. */
  paying_members: z.number(),
  orders: z.number(),
  refunds: z.number(),
  refund_fen: z.number(),
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the period, oldest first (days without anything are zeros). */
  days: z.array(overviewDaySchema),
  /** The channels that took money in the period, most first. */
  channels: z.array(z.object({ channel: z.string(), name: z.string(), revenue_fen: z.number() })),
  /** Orders created in the period, by their state now. */
  orders_by_status: z.array(
    z.object({ status: z.enum(ORDER_STATUSES), name: z.string(), count: z.number() }),
  ),
  totals: z.object({
    revenue_fen: z.number(),
    new_members: z.number(),
    /** Distinct members who paid in the period (not the sum of the days). */
    paying_members: z.number(),
    orders: z.number(),
    /** Refunds asked in the period (pending or succeeded). */
    refunds: z.number(),
    refund_fen: z.number(),
  }),
});
export type Overview = z.infer<typeof overviewSchema>;
