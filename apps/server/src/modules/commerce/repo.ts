// SQL of commerce: the catalogue, orders, payment attempts and events, membership rows and API quotas.
import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import { type Db, forUpdate } from '../../db/connection.js';
import type {
  Database,
  MembershipChangesTable,
  OrderRow,
  OrdersTable,
  PaymentAttemptRow,
  PaymentEventsTable,
  PlanPeriodsTable,
  PlanRow,
} from '../../db/schema.js';
import type { PeriodKind, PlanPeriod } from './pricing.js';

/** Order states that can still become paid (a late payment of an expired or closed order is credited too). */
export const UNPAID = ['created', 'paying', 'expired', 'closed', 'awaiting_transfer'] as const;
/** Order states a QR code may be shown for, and that expire at late_time. */
export const OPEN = ['created', 'paying'] as const;

// --- Catalogue ---

/** A plan row and its tiers' factors, by count. */
export type PlanWithTiers = Omit<PlanRow, 'sort'> & { tiers: number[] };

export async function listPlans(db: Db): Promise<PlanWithTiers[]> {
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

export function findMemberRow(db: Db, userId: number) {
  const query = db
    .selectFrom('users')
    .select(['id', 'level', 'gid', 'expired_at', 'group_id', 'is_sub'])
    .where('id', '=', userId);
  // The credit reads and writes the member row: on PostgreSQL two credits of one member wait for each other.
  return forUpdate(db, query).executeTakeFirst();
}

export function findApiQuota(db: Db, userId: number) {
  return db.selectFrom('api_quotas').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The member's plan-period ledger, newest first (pricing.ts creditFen walks it back to the period that started the
 * running plan): each period's worth less what was refunded of its order (pending or made), an order refunded whole
 * left out (its days bought nothing).
 */
export async function planPeriods(db: Db, userId: number, limit = 200): Promise<PlanPeriod[]> {
  const rows = await db
    .selectFrom('plan_periods as p')
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .leftJoin('payment_attempts as a', 'a.id', 'o.paid_attempt_id')
    .select(['p.gid', 'p.kind', 'p.starts_at', 'p.ends_at', 'p.value_fen', 'a.refunded_fen'])
    .where('p.user_id', '=', userId)
    .where((eb) => eb.or([eb('o.id', 'is', null), eb('o.status', '<>', 'refunded')]))
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    gid: r.gid,
    kind: r.kind as PeriodKind,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    valueFen: Math.max(0, r.value_fen - (r.refunded_fen ?? 0)),
  }));
}

export async function insertPlanPeriod(db: Db, row: Insertable<PlanPeriodsTable>): Promise<void> {
  await db.insertInto('plan_periods').values(row).execute();
}

/** A card's period is worth what was paid for the card (set once its redemption's order was credited). */
export async function setPeriodValue(db: Db, orderId: number, valueFen: number): Promise<void> {
  await db.updateTable('plan_periods').set({ value_fen: valueFen }).where('order_id', '=', orderId).execute();
}

// --- Orders ---

export type NewOrder = Omit<
  OrderRow,
  | 'id'
  | 'queried_at'
  | 'paid_at'
  | 'paid_attempt_id'
  | 'paid_late'
  | 'duplicate_paid'
  | 'refund_fen'
  | 'channel'
  | 'coupon_id'
  | 'coupon_fen'
  | 'closed_reason'
> &
  Partial<Pick<OrderRow, 'coupon_id' | 'coupon_fen'>>;

/**
 * An order the member tried to pay: it has a payment attempt (a QR code shown, a transfer asked for, a zero-price
 * credit, a card). Only those are listed in 我的订单, the console's default list and its figures
 * (docs/decisions.md "Orders nobody tried to pay").
 */
export const triedToPay = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.exists(
    eb
      .selectFrom('payment_attempts')
      .select('payment_attempts.id')
      .whereRef('payment_attempts.order_id', '=', 'orders.id'),
  );

export function insertOrder(db: Db, row: NewOrder): Promise<OrderRow> {
  return db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findOrderByNo(db: Db, outTradeNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
}

export function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order inside a transaction that changes it: on PostgreSQL its row is locked until the commit. */
export function lockOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return forUpdate(db, db.selectFrom('orders').selectAll().where('id', '=', id)).executeTakeFirst();
}

/** The member's open order of a plan (at most one: orders_one_open_uq). */
export function findOpenOrder(db: Db, userId: number, gid: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('gid', '=', gid)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
}

/** Money paid for an order that bought nothing: owed back, and the order flagged for the operator. */
export async function owe(db: Db, orderId: number, amountFen: number, at: string): Promise<OrderRow> {
  return db
    .updateTable('orders')
    .set((eb) => ({
      duplicate_paid: 1,
      refund_fen: eb('refund_fen', '+', amountFen),
      updated_at: at,
    }))
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The columns that price an order: the count, the amounts and the coupon taken off. */
type PriceColumn = 'count' | 'total_fen' | 'credit_fen' | 'coupon_id' | 'coupon_fen' | 'final_fen';

/** New amounts (a changed count) and the chosen channel, while the order is still open; false when it is not. */
export async function updateOpenOrder(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      OrderRow,
      | PriceColumn
      | 'expiry_before'
      | 'expiry_after'
      | 'status'
      | 'channel'
      | 'source'
      | 'queried_at'
      | 'late_time'
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
export async function expireDue(db: Db, at: string, scope: { userId?: number; orderId?: number } = {}) {
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

/**
 * The member's open plan orders (no pack, no gift card, a plan with a level) whose plan's level is at or below the
 * member's row and not the member's own plan: those a purchase just credited may supersede (supersede.ts).
 */
export function supersedeCandidates(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('plans', 'plans.gid', 'orders.gid')
    .select(['orders.id', 'orders.updated_at', 'users.gid as member_gid'])
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', OPEN)
    .where('orders.pack_id', 'is', null)
    .where('orders.gift_id', 'is', null)
    .where('plans.level', 'is not', null)
    .whereRef('plans.level', '<=', 'users.level')
    .where((eb) => eb.or([eb('users.gid', 'is', null), eb('users.gid', '<>', eb.ref('orders.gid'))]))
    .orderBy('orders.id')
    .execute();
}

/** Closes open orders with a reason (an order paying at that moment is closed too: a late payment still settles). */
export async function closeOpenOrders(db: Db, ids: readonly number[], reason: string, at: string) {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('orders')
    .set({ status: 'closed', closed_reason: reason, updated_at: at })
    .where('id', 'in', [...ids])
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Takes the order's provider-query slot if the last query is older than `before`: one instance wins. */
export async function claimQuery(db: Db, orderId: number, at: string, before: string): Promise<boolean> {
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
  db: Db,
  userId: number,
  statuses: readonly string[] | undefined,
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId).where(triedToPay);
  if (statuses) query = query.where('status', 'in', statuses);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countOrders(
  db: Db,
  userId: number,
  statuses: readonly string[] | undefined,
): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where(triedToPay);
  if (statuses) query = query.where('status', 'in', statuses);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The operator's list: every member's orders in a state (or flagged late / duplicate), oldest first. */
export function listForOperator(db: Db, filter: { status?: string; flagged?: boolean }, limit: number) {
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
  | 'id'
  | 'seq'
  | 'trade_no'
  | 'provider_txn_id'
  | 'paid_at'
  | 'status'
  | 'updated_at'
  | 'coupon_id'
  | 'coupon_fen'
  | 'refunded_fen'
> &
  Partial<Pick<PaymentAttemptRow, 'coupon_id' | 'coupon_fen'>>;

/**
 * The next attempt of an order, its trade number = out_trade_no + a 3-digit sequence. Called in the transaction that
 * locked the order (lockOrder), so concurrent calls for one order take their numbers one after the other.
 */
export async function insertAttempt(db: Db, outTradeNo: string, row: NewAttempt): Promise<PaymentAttemptRow> {
  const last = await db
    .selectFrom('payment_attempts')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('order_id', '=', row.order_id)
    .executeTakeFirst();
  const seq = Number(last?.seq ?? 0) + 1;
  return db
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
}

export function countAttempts(db: Db, orderId: number) {
  return db
    .selectFrom('payment_attempts')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirst()
    .then((row) => Number(row?.n ?? 0));
}

export function openAttempts(db: Db, orderId: number): Promise<PaymentAttemptRow[]> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .orderBy('seq')
    .execute();
}

/** Every attempt of the order, oldest first (its detail). */
export function orderAttempts(db: Db, orderId: number): Promise<PaymentAttemptRow[]> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('seq')
    .execute();
}

export function findAttemptByTradeNo(db: Db, tradeNo: string): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
}

/** Open attempts of orders that no longer take payment: expired, closed or already paid (the sweep closes them). */
export function staleAttempts(db: Db, limit: number): Promise<PaymentAttemptRow[]> {
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
export async function closeAttempts(db: Db, ids: readonly number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('payment_attempts')
    .set({ status: 'closed', updated_at: at })
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .execute();
}

export async function failAttempt(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ status: 'failed', updated_at: at })
    .where('id', '=', id)
    .execute();
}

// --- Payment events ---

/** A payment_events row to insert (every column given; `credit` marks the settlement's own row). */
export type NewEvent = Omit<Insertable<PaymentEventsTable>, 'id' | 'kind'> & {
  kind:
    | 'notification'
    | 'query'
    | 'transfer'
    | 'credit'
    | 'card'
    | 'refund'
    | 'refund_notification'
    | 'refund_query';
};

/** Records an event; a verified event already recorded (same provider and id) inserts nothing: null. */
export async function insertEvent(db: Db, row: NewEvent): Promise<number | null> {
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

export async function setEventOutcome(db: Db, id: number, outcome: string, orderId: number | null) {
  await db.updateTable('payment_events').set({ outcome, order_id: orderId }).where('id', '=', id).execute();
}

/** A verified report of a provider (a payment or a refund) that is acted on exactly once. */
export interface ProviderEvent {
  provider: string;
  kind: NewEvent['kind'];
  /** The provider's id of this report; redeliveries of one id are recorded once. */
  eventId: string;
  /** The trade (or refund) number it is about. */
  tradeNo: string;
  /** The order it is about, when known before acting on it. */
  orderId: number | null;
  amountFen: number | null;
  raw: string;
}

/** Writes what was done about a claimed event, and the order it concerned, onto its row. */
export type RecordOutcome = (outcome: string, orderId: number | null) => Promise<void>;

/**
 * Claims a provider's event in the transaction `trx` before anything is done about it: its row is recorded as
 * 'processing', and the returned function records the outcome in the same transaction. null: the provider's event
 * of that id was claimed before (a redelivered notification, a repeated query's answer) and nothing is done again.
 */
export async function claimEvent(trx: Db, event: ProviderEvent, at: string): Promise<RecordOutcome | null> {
  const id = await insertEvent(trx, {
    provider: event.provider,
    kind: event.kind,
    event_id: event.eventId,
    trade_no: event.tradeNo,
    order_id: event.orderId,
    verified: 1,
    reason: null,
    outcome: 'processing',
    amount_fen: event.amountFen,
    raw: event.raw,
    created_at: at,
  });
  return id === null ? null : (outcome, orderId) => setEventOutcome(trx, id, outcome, orderId);
}

/** Sets columns of an order (the caller holds its lock). */
export async function updateOrder(db: Db, id: number, values: Updateable<OrdersTable>): Promise<void> {
  await db.updateTable('orders').set(values).where('id', '=', id).execute();
}

/** Marks an attempt paid; false when it already was (a replay). */
export async function markAttemptPaid(
  db: Db,
  id: number,
  providerTxnId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_attempts')
    .set({ status: 'paid', provider_txn_id: providerTxnId, paid_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '<>', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findPlanRow(db: Db, gid: number) {
  return db
    .selectFrom('plans')
    .select(['gid', 'level', 'unit', 'api_calls_per_unit'])
    .where('gid', '=', gid)
    .executeTakeFirstOrThrow();
}

/**
 * The guard of exactly-once crediting: moves the order out of an unpaid state and records what was paid, in one
 * conditional update. Undefined when another transaction moved it first. `paid_late` is set when the order was
 * already expired or closed, else from `lateByTime`.
 */
export function markOrderPaid(
  db: Db,
  id: number,
  paid: Pick<
    Updateable<OrdersTable>,
    'paid_at' | 'paid_attempt_id' | 'channel' | PriceColumn | 'pack_id' | 'gift_id' | 'updated_at'
  >,
  lateByTime: 0 | 1,
) {
  return db
    .updateTable('orders')
    .set((eb) => ({
      ...paid,
      status: 'paid',
      paid_late: eb
        .case()
        .when('status', 'in', ['expired', 'closed'])
        .then(sql.lit(1))
        .else(sql.lit(lateByTime))
        .end(),
    }))
    .where('id', '=', id)
    .where('status', 'in', UNPAID)
    .returning(['paid_late'])
    .executeTakeFirst();
}

/** Sets the member's API quota (inserted on the first package). */
export async function upsertApiQuota(
  db: Db,
  userId: number,
  values: { total: number; used: number; expired_at: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('api_quotas')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** What crediting the order changed (one row per credited order). */
export function findMembershipChange(db: Db, orderId: number) {
  return db.selectFrom('membership_changes').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function insertMembershipChange(db: Db, row: Insertable<MembershipChangesTable>): Promise<void> {
  await db.insertInto('membership_changes').values(row).execute();
}

/** Records on the order the expiry before and after its credit. */
export function setOrderExpiry(db: Db, id: number, expiryBefore: string | null, expiryAfter: string) {
  return db
    .updateTable('orders')
    .set({ expiry_before: expiryBefore, expiry_after: expiryAfter })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * One call of the member's running API package, by a conditional update: false when none is left or the package
 * expired, so concurrent calls never take more than there is.
 */
export async function spendApiCall(db: Db, userId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_quotas')
    .set((eb) => ({ used: eb('used', '+', 1), updated_at: at }))
    .where('user_id', '=', userId)
    .where((eb) => eb('used', '<', eb.ref('total')))
    .where('expired_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
