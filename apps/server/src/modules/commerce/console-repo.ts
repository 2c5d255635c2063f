// SQL of the console's 订单 section: the filtered, paged order list with its member and plan (newest first, keyset
// batches for the export), and the events recorded for one order.

import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { OrderRow, PaymentEventsTable } from '../../db/schema.js';

/** The list's filter in storage terms: `from` inclusive, `until` exclusive (UTC ISO times). */
export interface ConsoleOrderFilter {
  outTradeNo?: string;
  /** A username, or (digits) a user id or username. */
  member?: string;
  mobile?: string;
  gid?: number;
  channel?: string;
  status?: string;
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
  if (f.from) query = query.where('orders.created_at', '>=', f.from);
  if (f.until) query = query.where('orders.created_at', '<', f.until);
  return query;
}

/** A page of the filter, newest first; `beforeId` continues an export after the last row it read. */
export function listConsoleOrders(
  db: Db,
  f: ConsoleOrderFilter,
  limit: number,
  offset: number,
  beforeId?: number,
): Promise<ConsoleOrderRow[]> {
  let query = consoleColumns(filtered(db, f));
  if (beforeId !== undefined) query = query.where('orders.id', '<', beforeId);
  return query.orderBy('orders.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countConsoleOrders(db: Db, f: ConsoleOrderFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

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
