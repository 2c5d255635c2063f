// SQL of the console's 订单 section: the filtered, paged order list with its member and plan (newest first, keyset
// batches for the export), and the events recorded for one order; and of its 概览: the period's money, members, orders
// and refunds, bucketed by UTC hour (the first 13 characters of a stored ISO time, the same text function on SQLite and
// PostgreSQL) so the rules can file each hour under its Shanghai day without a time-zone function either database lacks.

import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { newestFirstList } from '../../db/listing.js';
import type { OrderRow, PaymentEventsTable } from '../../db/schema.js';
import { triedToPay } from './repo.js';

/** The list's filter in storage terms: `from` inclusive, `until` exclusive (UTC ISO times). */
export interface ConsoleOrderFilter {
  outTradeNo?: string;
  /** A username, or (digits) a user id or username. */
  member?: string;
  mobile?: string;
  gid?: number;
  channel?: string;
  status?: string;
  /** Whether the member tried to pay (triedToPay): true (the default view), false (未发起支付), undefined both. */
  tried?: boolean;
  from?: string;
  until?: string;
}

export type ConsoleOrderRow = OrderRow & {
  username: string;
  mobile: string | null;
  company_name: string;
  plan_name: string | null;
};
export type PaymentEventRow = Selectable<PaymentEventsTable>;

/** Orders with their member and their plan (none when the plan is gone). */
function withMemberAndPlan(db: Db) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('plans', 'plans.gid', 'orders.gid');
}

/** The columns of a ConsoleOrderRow. */
function consoleColumns(query: ReturnType<typeof withMemberAndPlan>) {
  return query
    .selectAll('orders')
    .select(['users.username', 'users.mobile', 'users.company_name', 'plans.name as plan_name']);
}

function filtered(db: Db, f: ConsoleOrderFilter) {
  let query = withMemberAndPlan(db);
  if (f.outTradeNo) query = query.where('orders.out_trade_no', 'like', `${f.outTradeNo}%`);
  if (f.member) {
    const member = f.member;
    const id = /^\d{1,9}$/.test(member) ? Number(member) : null;
    query = query.where((eb) =>
      id === null
        ? eb('users.username', '=', member)
        : eb.or([eb('users.username', '=', member), eb('users.id', '=', id)]),
    );
  }
  if (f.mobile) query = query.where('users.mobile', '=', f.mobile);
  if (f.gid !== undefined) query = query.where('orders.gid', '=', f.gid);
  if (f.channel) query = query.where('orders.channel', '=', f.channel);
  if (f.status) query = query.where('orders.status', '=', f.status);
  if (f.tried !== undefined) {
    const tried = f.tried;
    query = query.where((eb) => (tried ? triedToPay(eb) : eb.not(triedToPay(eb))));
  }
  if (f.from) query = query.where('orders.created_at', '>=', f.from);
  if (f.until) query = query.where('orders.created_at', '<', f.until);
  return query;
}

/** The orders of the filter, newest first; `beforeId` continues an export after the last row it read. */
export const consoleOrderList = newestFirstList(filtered, consoleColumns, 'orders.id');

/** One order with its member and plan, by number. */
export function findConsoleOrder(db: Db, outTradeNo: string): Promise<ConsoleOrderRow | undefined> {
  return consoleColumns(withMemberAndPlan(db))
    .where('orders.out_trade_no', '=', outTradeNo)
    .executeTakeFirst();
}

/** Orders by id with their member and plan (the double-paid list). */
export function consoleOrdersById(db: Db, ids: readonly number[]): Promise<ConsoleOrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return consoleColumns(withMemberAndPlan(db))
    .where('orders.id', 'in', [...ids])
    .execute();
}

/** Every event recorded for the order (payments, queries, transfers, refunds), oldest first. */
export function eventsOfOrder(db: Db, orderId: number): Promise<PaymentEventRow[]> {
  return db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

// 概览

/** An ISO time's UTC hour: 'YYYY-MM-DDTHH'. */
const hourOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;

/** Money received by paid attempts in [from, until), per hour and channel. */
export function revenueByHour(db: Db, from: string, until: string) {
  return db
    .selectFrom('payment_attempts')
    .select((eb) => [
      hourOf('paid_at').as('hour'),
      'channel',
      eb.fn.sum<number | string | bigint>('amount_fen').as('fen'),
    ])
    .where('status', '=', 'paid')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', until)
    .groupBy([hourOf('paid_at'), 'channel'])
    .execute();
}

/** Main accounts registered in [from, until), per hour. */
export function newMembersByHour(db: Db, from: string, until: string) {
  return db
    .selectFrom('users')
    .select((eb) => [hourOf('created_at').as('hour'), eb.fn.countAll<number | string | bigint>().as('n')])
    .where('parent_id', 'is', null)
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy(hourOf('created_at'))
    .execute();
}

/** Who paid an order in [from, until), per hour (a member once per hour). */
export function payersByHour(db: Db, from: string, until: string) {
  return db
    .selectFrom('orders')
    .select([hourOf('paid_at').as('hour'), 'user_id'])
    .distinct()
    .where('paid_at', '>=', from)
    .where('paid_at', '<', until)
    .execute();
}

/** Orders created in [from, until) that the member tried to pay (triedToPay), per hour and state. */
export function ordersByHour(db: Db, from: string, until: string) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      hourOf('created_at').as('hour'),
      'status',
      eb.fn.countAll<number | string | bigint>().as('n'),
    ])
    .where(triedToPay)
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy([hourOf('created_at'), 'status'])
    .execute();
}

/** Refunds asked in [from, until) and not failed or closed, per hour. */
export function refundsByHour(db: Db, from: string, until: string) {
  return db
    .selectFrom('refunds')
    .select((eb) => [
      hourOf('created_at').as('hour'),
      eb.fn.countAll<number | string | bigint>().as('n'),
      eb.fn.sum<number | string | bigint>('amount_fen').as('fen'),
    ])
    .where('status', 'in', ['pending', 'succeeded'])
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy(hourOf('created_at'))
    .execute();
}
