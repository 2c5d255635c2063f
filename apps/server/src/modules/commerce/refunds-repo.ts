// SQL of refunds: the refund rows, the guard on the attempt's refunded money, the settlement's conditional moves, and
// the orders with money owed back.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { OrderRow, RefundRow, RefundsTable } from '../../db/schema.js';

/**
 * The guard of a refund: raises the attempt's pending + succeeded refunds by `amountFen` only while the attempt is
 * paid and the sum stays within what it paid, in one conditional update (never a read then a write). false: refused.
 */
export async function reserveRefund(
  db: Db,
  attemptId: number,
  amountFen: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_attempts')
    .set((eb) => ({ refunded_fen: eb('refunded_fen', '+', amountFen), updated_at: at }))
    .where('id', '=', attemptId)
    .where('status', '=', 'paid')
    .where((eb) => eb(eb('refunded_fen', '+', amountFen), '<=', eb.ref('amount_fen')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed or closed refund gives its amount back to what the attempt may still refund. */
export async function releaseRefund(db: Db, attemptId: number, amountFen: number, at: string): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set((eb) => ({ refunded_fen: eb('refunded_fen', '-', amountFen), updated_at: at }))
    .where('id', '=', attemptId)
    .execute();
}

export function insertRefund(db: Db, row: Insertable<RefundsTable>): Promise<RefundRow> {
  return db.insertInto('refunds').values(row).returningAll().executeTakeFirstOrThrow();
}

/** How many refunds the order has had (the next refund number's sequence). */
export async function countRefunds(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findRefundByNo(db: Db, refundNo: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
}

export function refundsOfOrder(db: Db, orderId: number): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/**
 * The guard of exactly-once settlement: moves the refund out of `pending` to its end state. false when another
 * transaction (a redelivered notification, a query) settled it first.
 */
export async function settleRefundRow(
  db: Db,
  id: number,
  values: { status: 'succeeded' | 'failed' | 'closed'; provider_refund_id: string | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set((eb) => ({
      status: values.status,
      provider_refund_id: eb.fn.coalesce(eb.val(values.provider_refund_id), eb.ref('provider_refund_id')),
      updated_at: values.at,
      settled_at: values.at,
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes the provider's refund id on a pending refund (its answer said it is processing). */
export async function setProviderRefundId(db: Db, id: number, providerRefundId: string, at: string) {
  await db
    .updateTable('refunds')
    .set({ provider_refund_id: providerRefundId, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Pending refunds last touched before `before`, oldest first (the refresh asks their providers). */
export function pendingRefunds(db: Db, before: string, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where('updated_at', '<=', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Money paid twice and refunded: the order owes that much less (never below 0). */
export async function reduceOwed(db: Db, orderId: number, amountFen: number, at: string): Promise<void> {
  await db
    .updateTable('orders')
    .set((eb) => ({
      refund_fen: eb
        .case()
        .when('refund_fen', '>', amountFen)
        .then(eb('refund_fen', '-', amountFen))
        .else(0)
        .end(),
      updated_at: at,
    }))
    .where('id', '=', orderId)
    .execute();
}

/** A paid order refunded whole: `refunded`. false when it is not `paid`. */
export async function markOrderRefunded(db: Db, orderId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'refunded', updated_at: at })
    .where('id', '=', orderId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The orders with money owed back (a second payment, or one that could buy nothing), oldest first. */
export function owedOrders(db: Db, limit: number): Promise<(OrderRow & { username: string })[]> {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['users.username'])
    .where('orders.refund_fen', '>', 0)
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
}

/**
 * Whether the attempt has a refund matching: one still pending (the last part of a whole waits for it), or an off-line
 * one that already recorded this bank reference.
 */
export async function attemptHasRefund(
  db: Db,
  attemptId: number,
  match: { status: 'pending' } | { bank_ref: string },
): Promise<boolean> {
  let query = db.selectFrom('refunds').select('id').where('attempt_id', '=', attemptId);
  query =
    'status' in match
      ? query.where('status', '=', match.status)
      : query.where('bank_ref', '=', match.bank_ref);
  return (await query.executeTakeFirst()) !== undefined;
}
