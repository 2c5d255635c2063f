// SQL of coupons. Every change of a coupon's state is one conditional update (UPDATE ... WHERE id AND state), so two
// orders, two instances or two requests can never both take one coupon; the partial unique index on
// user_coupons(order_id) makes the database refuse a second coupon for an order.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { CouponTemplateRow, UserCouponRow, UserCouponsTable } from '../../db/schema.js';

export function findTemplate(db: Db, id: number): Promise<CouponTemplateRow | undefined> {
  return db.selectFrom('coupon_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export function registerTemplates(db: Db): Promise<CouponTemplateRow[]> {
  return db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('on_register', '=', 1)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

/**
 * Takes one from the template's stock: active, and fewer issued than its total. On PostgreSQL the row stays locked
 * until the caller's transaction ends, so the per-member count read after it is not raced.
 */
export async function takeFromStock(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('coupon_templates')
    .set((eb) => ({ issued_count: eb('issued_count', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('total_count', 'is', null), eb('issued_count', '<', eb.ref('total_count'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back what takeFromStock took (a coupon over the member's limit is not issued after all). */
export async function returnToStock(db: Db, id: number): Promise<void> {
  await db
    .updateTable('coupon_templates')
    .set((eb) => ({ issued_count: eb('issued_count', '-', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function countHeld(db: Db, templateId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_coupons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('template_id', '=', templateId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCoupon(
  db: Db,
  row: Omit<Insertable<UserCouponsTable>, 'id'>,
): Promise<UserCouponRow> {
  return db.insertInto('user_coupons').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A member's coupons, newest first; `status` narrows to one stored state. */
export function memberCoupons(db: Db, userId: number, status?: string): Promise<UserCouponRow[]> {
  let query = db.selectFrom('user_coupons').selectAll().where('user_id', '=', userId);
  if (status !== undefined) query = query.where('status', '=', status);
  return query.orderBy('id', 'desc').limit(500).execute();
}

/** The member's coupons not used yet and not past their end (what an order may be offered). */
export function openCoupons(db: Db, userId: number, now: string): Promise<UserCouponRow[]> {
  return db
    .selectFrom('user_coupons')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['unused', 'locked'])
    .where('valid_end', '>', now)
    .orderBy('valid_end')
    .orderBy('id')
    .execute();
}

export function findCoupon(db: Db, id: number): Promise<UserCouponRow | undefined> {
  return db.selectFrom('user_coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order numbers of the orders the coupons are locked to or used by. */
export async function orderNumbers(db: Db, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'out_trade_no'])
    .where('id', 'in', [...new Set(orderIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.out_trade_no]));
}

export async function couponNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_coupons')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The account a coupon is issued to by name (the operator command). */
export function findAccount(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'parent_id'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/** The catalogue's names, for a coupon's scope in words. */
export async function goodsNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('plans').select(['gid', 'name']).execute();
  return new Map(rows.map((r) => [r.gid, r.name]));
}

/**
 * Moves the member's coupon to the order: `locked` (an attempt's price applies it) or `used` (the order was credited).
 * Only from unused, or locked to this same order: false when another order holds it or it was used.
 */
export async function claimCoupon(
  db: Db,
  to: 'locked' | 'used',
  c: { couponId: number; userId: number; orderId: number; at: string },
  { bindOrder = true }: { bindOrder?: boolean } = {},
): Promise<boolean> {
  const stamp = to === 'locked' ? { locked_at: c.at } : { used_at: c.at };
  const result = await db
    .updateTable('user_coupons')
    .set({ status: to, ...(bindOrder ? { order_id: c.orderId } : {}), ...stamp })
    .where('id', '=', c.couponId)
    .where('user_id', '=', c.userId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'unused'),
        eb.and([eb('status', '=', 'locked'), eb('order_id', '=', c.orderId)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the order on a coupon claimed without it (`claimCoupon`'s `bindOrder: false`). */
export async function bindCouponOrder(db: Db, couponId: number, orderId: number): Promise<void> {
  await db.updateTable('user_coupons').set({ order_id: orderId }).where('id', '=', couponId).execute();
}

/** Releases the coupons locked to the order (but `keep`): the order is repriced without them. */
export async function releaseOrderCoupons(db: Db, orderId: number, keep: number | null): Promise<void> {
  let query = db
    .updateTable('user_coupons')
    .set({ status: 'unused', order_id: null, locked_at: null })
    .where('order_id', '=', orderId)
    .where('status', '=', 'locked');
  if (keep !== null) query = query.where('id', '<>', keep);
  await query.execute();
}

/** Releases the coupons locked to orders that can no longer be paid (expired or closed), a member's or all. */
export async function releaseFromDeadOrders(db: Db, userId?: number): Promise<number> {
  let query = db
    .updateTable('user_coupons')
    .set({ status: 'unused', order_id: null, locked_at: null })
    .where('status', '=', 'locked')
    .where('order_id', 'in', (eb) =>
      eb.selectFrom('orders').select('id').where('status', 'in', ['expired', 'closed']),
    );
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
