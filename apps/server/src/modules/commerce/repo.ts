// SQL of commerce: the catalogue, orders, payment attempts and events, membership rows and API quotas.
import { type Insertable, type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/connection.js';
import type { Database, OrderRow, PaymentAttemptRow, PaymentEventsTable } from '../../db/schema.js';

type Q = Kysely<Database>;

/** Order states that can still become paid (a late payment of an expired or closed order is credited too). */
export const UNPAID = ['created', 'paying', 'expired', 'closed', 'awaiting_transfer'] as const;
/** Order states a QR code may be shown for, and that expire at late_time. */
export const OPEN = ['created', 'paying'] as const;

// --- Catalogue ---

export interface PlanWithTiers {
  gid: number;
  name: string;
  level: number | null;
  unit_price_fen: number;
  unit: string;
  api_calls_per_unit: number | null;
  features: string;
  on_sale: number;
  plain_invoice_only: number;
  tiers: number[];
}

export async function listPlans(db: Q): Promise<PlanWithTiers[]> {
  const [plans, tiers] = await Promise.all([
    db.selectFrom('plans').selectAll().orderBy('sort').orderBy('gid').execute(),
    db.selectFrom('plan_tiers').selectAll().orderBy('gid').orderBy('count').execute(),
  ]);
  return plans.map(({ sort: _sort, ...plan }) => ({
    ...plan,
    tiers: tiers.filter((t) => t.gid === plan.gid).map((t) => t.factor_permille),
  }));
}

// --- Members ---

export function findMemberRow(db: Q, userId: number) {
  const query = db
    .selectFrom('users')
    .select(['id', 'level', 'gid', 'expired_at', 'group_id', 'is_sub'])
    .where('id', '=', userId);
  // The credit reads and writes the member row: on PostgreSQL two credits of one member wait for each other.
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export function findApiQuota(db: Q, userId: number) {
  return db.selectFrom('api_quotas').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The last paid order of a plan by the member: what it was bought for. */
export function lastPaidOrder(db: Q, userId: number, gid: number) {
  return db
    .selectFrom('orders')
    .select(['total_fen', 'count'])
    .where('user_id', '=', userId)
    .where('gid', '=', gid)
    .where('status', '=', 'paid')
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// --- Orders ---

export type NewOrder = Omit<
  OrderRow,
  'id' | 'queried_at' | 'paid_at' | 'paid_attempt_id' | 'paid_late' | 'duplicate_paid' | 'channel'
>;

export function insertOrder(db: Q, row: NewOrder): Promise<OrderRow> {
  return db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findOrderByNo(db: Q, outTradeNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
}

export function findOrderById(db: Q, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** New amounts (a changed count) and the chosen channel, while the order is still open; false when it is not. */
export async function updateOpenOrder(
  db: Q,
  id: number,
  values: Partial<
    Pick<
      OrderRow,
      | 'count'
      | 'total_fen'
      | 'credit_fen'
      | 'final_fen'
      | 'expiry_before'
      | 'expiry_after'
      | 'status'
      | 'channel'
      | 'source'
      | 'queried_at'
    >
  > & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves open orders past their pay-by time to `expired` (all, one member's or one order); returns how many. */
export async function expireDue(db: Q, at: string, scope: { userId?: number; orderId?: number } = {}) {
  let query = db
    .updateTable('orders')
    .set({ status: 'expired', updated_at: at })
    .where('status', 'in', OPEN)
    .where('late_time', '<=', at);
  if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
  if (scope.orderId !== undefined) query = query.where('id', '=', scope.orderId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Takes the order's provider-query slot if the last query is older than `before`: one instance wins. */
export async function claimQuery(db: Q, orderId: number, at: string, before: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ queried_at: at })
    .where('id', '=', orderId)
    .where('status', 'in', OPEN)
    .where((eb) => eb.or([eb('queried_at', 'is', null), eb('queried_at', '<=', before)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listOrders(
  db: Q,
  userId: number,
  statuses: readonly string[] | undefined,
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (statuses) query = query.where('status', 'in', statuses);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countOrders(
  db: Q,
  userId: number,
  statuses: readonly string[] | undefined,
): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', userId);
  if (statuses) query = query.where('status', 'in', statuses);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The operator's list: every member's orders in a state (or flagged late / duplicate), oldest first. */
export function listForOperator(db: Q, filter: { status?: string; flagged?: boolean }, limit: number) {
  let query = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['users.username', 'users.company_name']);
  if (filter.status) query = query.where('orders.status', '=', filter.status);
  if (filter.flagged)
    query = query.where((eb) => eb.or([eb('orders.paid_late', '=', 1), eb('orders.duplicate_paid', '=', 1)]));
  return query.orderBy('orders.created_at').orderBy('orders.id').limit(limit).execute();
}

// --- Payment attempts ---

export type NewAttempt = Omit<
  PaymentAttemptRow,
  'id' | 'seq' | 'trade_no' | 'provider_txn_id' | 'paid_at' | 'status' | 'updated_at'
>;

/** The next attempt of an order, its trade number = out_trade_no + a 3-digit sequence; retried on a race. */
export async function insertAttempt(db: Q, outTradeNo: string, row: NewAttempt): Promise<PaymentAttemptRow> {
  for (let tries = 0; ; tries += 1) {
    const last = await db
      .selectFrom('payment_attempts')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('order_id', '=', row.order_id)
      .executeTakeFirst();
    const seq = Number(last?.seq ?? 0) + 1;
    try {
      return await db
        .insertInto('payment_attempts')
        .values({
          ...row,
          seq,
          trade_no: `${outTradeNo}${String(seq).padStart(3, '0')}`,
          status: 'open',
          updated_at: row.created_at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      // Two pay calls for one order at once took the same sequence: the later one takes the next.
      if (tries >= 3) throw error;
    }
  }
}

export function countAttempts(db: Q, orderId: number) {
  return db
    .selectFrom('payment_attempts')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirst()
    .then((row) => Number(row?.n ?? 0));
}

export function openAttempts(db: Q, orderId: number): Promise<PaymentAttemptRow[]> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .orderBy('seq')
    .execute();
}

export function findAttemptByTradeNo(db: Q, tradeNo: string): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
}

/** Open attempts of orders that no longer take payment: expired, closed or already paid (the sweep closes them). */
export function staleAttempts(db: Q, limit: number): Promise<PaymentAttemptRow[]> {
  return db
    .selectFrom('payment_attempts')
    .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
    .selectAll('payment_attempts')
    .where('payment_attempts.status', '=', 'open')
    .where('payment_attempts.provider', '<>', 'transfer')
    .where('orders.status', 'in', ['expired', 'closed', 'paid'])
    .orderBy('payment_attempts.id')
    .limit(limit)
    .execute();
}

/** Marks open attempts closed (locally; the provider is told by the caller). */
export async function closeAttempts(db: Q, ids: readonly number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('payment_attempts')
    .set({ status: 'closed', updated_at: at })
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .execute();
}

export async function failAttempt(db: Q, id: number, at: string): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ status: 'failed', updated_at: at })
    .where('id', '=', id)
    .execute();
}

// --- Payment events ---

/** A payment_events row to insert (every column given; `credit` marks the settlement's own row). */
export type NewEvent = Omit<Insertable<PaymentEventsTable>, 'id' | 'kind'> & {
  kind: 'notification' | 'query' | 'transfer' | 'credit';
};

/** Records an event; a verified event already recorded (same provider and id) inserts nothing: null. */
export async function insertEvent(db: Q, row: NewEvent): Promise<number | null> {
  const raw = row.raw.length > 65_536 ? row.raw.slice(0, 65_536) : row.raw;
  if (!row.verified || row.event_id === null) {
    const { id } = await db
      .insertInto('payment_events')
      .values({ ...row, raw })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
  const inserted = await db
    .insertInto('payment_events')
    .values({ ...row, raw })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).where('verified', '=', sql.lit(1)).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function setEventOutcome(db: Q, id: number, outcome: string, orderId: number | null) {
  await db.updateTable('payment_events').set({ outcome, order_id: orderId }).where('id', '=', id).execute();
}
