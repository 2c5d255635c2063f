// SQL of the redemption cards: batches, their cards, the conditional bind, the member's cards and totals.
import { type Insertable, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/connection.js';
import type { CardBatchesTable, CardsTable } from '../../db/schema.js';

export async function insertBatch(db: Db, row: Insertable<CardBatchesTable>): Promise<number> {
  const inserted = await db.insertInto('card_batches').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertCards(db: Db, rows: readonly Insertable<CardsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('cards')
      .values(rows.slice(i, i + 500) as Insertable<CardsTable>[])
      .execute();
  }
}

/** What a batch (`b`) grants: the kind, the plan, tool or coupon template, and how many units. */
export const GRANT_COLUMNS = [
  'b.grant_kind',
  'b.grant_gid',
  'b.grant_tool',
  'b.grant_units',
  'b.grant_template',
] as const;

/** A card with its batch's grant and state. */
export function findCard(db: Db, cardNo: string) {
  return db
    .selectFrom('cards as c')
    .innerJoin('card_batches as b', 'b.id', 'c.batch_id')
    .leftJoin('plans as p', 'p.gid', 'b.grant_gid')
    .select([
      'p.api_calls_per_unit',
      'c.id',
      'c.card_no',
      'c.secret_hash',
      'c.status',
      'c.user_id',
      'b.name',
      ...GRANT_COLUMNS,
      'b.expires_at',
      'b.status as batch_status',
    ])
    .where('c.card_no', '=', cardNo)
    .executeTakeFirst();
}

/**
 * What was paid for one card of a gift order (its money, less what was refunded of it, shared by its cards, rounded
 * down); 0 for an operator's card (no order) or an order not paid.
 */
export async function paidPerCard(db: Db, cardId: number): Promise<number> {
  const row = await db
    .selectFrom('cards as c')
    .innerJoin('card_batches as b', 'b.id', 'c.batch_id')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .leftJoin('payment_attempts as a', 'a.id', 'o.paid_attempt_id')
    .select(['o.final_fen', 'o.count', 'o.status', 'a.refunded_fen'])
    .where('c.id', '=', cardId)
    .executeTakeFirst();
  if (row?.status !== 'paid' || row.count <= 0) return 0;
  return Math.floor(Math.max(0, row.final_fen - (row.refunded_fen ?? 0)) / row.count);
}

/**
 * Locks the member's row for the binding transaction (PostgreSQL; SQLite's writes are serial). First, because binding
 * the card and crediting a plan both lock it: two binds of one member taking the card's key-share lock on it first
 * would each wait for the other's.
 */
export async function lockMember(db: Db, userId: number): Promise<void> {
  if (isPostgres(db))
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The guard of binding: only one transaction moves the card from unbound to the member. */
export async function bindCard(db: Db, id: number, userId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('cards')
    .set({ status: 'bound', user_id: userId, bound_at: at })
    .where('id', '=', id)
    .where('status', '=', 'unbound')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setCardOrder(db: Db, id: number, orderId: number): Promise<void> {
  await db.updateTable('cards').set({ order_id: orderId }).where('id', '=', id).execute();
}

/** Batches (`b`) beside what they grant: the plan (`p`), the tool (`t`), the coupon template (`ct`), when it exists. */
export function batchesWithGrants(db: Db) {
  return db
    .selectFrom('card_batches as b')
    .leftJoin('plans as p', 'p.gid', 'b.grant_gid')
    .leftJoin('tools as t', 't.code', 'b.grant_tool')
    .leftJoin('coupon_templates as ct', 'ct.id', 'b.grant_template');
}

/** The names of a batch's grant, of `batchesWithGrants` (null for none, or one gone from the catalogue). */
export const GRANT_NAMES = ['p.name as plan_name', 't.name as tool_name', 'ct.name as coupon_name'] as const;

/** The member's bound cards, newest first, with their batch and the order that recorded a plan or API card. */
export function boundCards(db: Db, userId: number, cardNo?: string) {
  let query = batchesWithGrants(db)
    .innerJoin('cards as c', 'c.batch_id', 'b.id')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .select([...GRANT_NAMES, ...GRANT_COLUMNS, 'c.card_no', 'c.bound_at', 'b.name', 'o.out_trade_no'])
    .where('c.user_id', '=', userId)
    .where('c.status', '=', 'bound');
  if (cardNo) query = query.where('c.card_no', '=', cardNo);
  return query.orderBy('c.bound_at', 'desc').orderBy('c.id', 'desc').limit(500).execute();
}

export async function countBound(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('cards')
    .select(sql<number | string | bigint>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'bound')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- Gift cards ---

const GIFT_COLUMNS = [
  'id',
  'name',
  'grant_kind',
  'grant_gid',
  'grant_tool',
  'grant_units',
  'price_fen',
  'valid_days',
  'on_sale',
] as const;

export function findGiftProduct(db: Db, id: number) {
  return db.selectFrom('gift_card_products').select(GIFT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Every product, on sale or not, in the shop's order. */
export function listGiftProducts(db: Db) {
  return db.selectFrom('gift_card_products').select(GIFT_COLUMNS).orderBy('sort').orderBy('id').execute();
}

/** The gift batch an order bought, with its buyer. */
export function findOrderBatch(db: Db, orderId: number) {
  return db.selectFrom('card_batches').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** A gift batch's cards with their sealed secrets, in the order they were made. */
export function batchCards(db: Db, batchId: number) {
  return db
    .selectFrom('cards')
    .select(['id', 'card_no', 'status', 'secret_sealed'])
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
}

/**
 * A whole refund of a gift order voids its batch (`void`): the batch and each unbound card to `void`, so a bind running
 * beside it (its conditional unbound -> bound) either binds first or finds the card void; not void: the refund did not
 * go through, the batch active and those cards unbound again.
 */
export async function setGiftBatchVoid(db: Db, batchId: number, voided: boolean): Promise<void> {
  const [from, to] = voided ? ['unbound', 'void'] : ['void', 'unbound'];
  await db
    .updateTable('cards')
    .set({ status: to })
    .where('batch_id', '=', batchId)
    .where('status', '=', from)
    .execute();
  await db
    .updateTable('card_batches')
    .set({ status: voided ? 'void' : 'active' })
    .where('id', '=', batchId)
    .where('status', '=', voided ? 'active' : 'void')
    .execute();
}

/** How many of a batch's cards are bound. */
export async function countBoundInBatch(db: Db, batchId: number): Promise<number> {
  const row = await db
    .selectFrom('cards')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('batch_id', '=', batchId)
    .where('status', '=', 'bound')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the batch shown or downloaded (once: whether this call did). */
export async function markBatch(db: Db, id: number, field: 'shown_at' | 'downloaded_at', at: string) {
  const result = await db
    .updateTable('card_batches')
    .set({ [field]: at })
    .where('id', '=', id)
    .where(field, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Drops a batch's sealed secrets once its buyer has seen and downloaded them. */
export async function dropSealedSecrets(db: Db, batchId: number): Promise<void> {
  await db.updateTable('cards').set({ secret_sealed: null }).where('batch_id', '=', batchId).execute();
}

/** The gift cards a member bought: unbound and bindable, and unbound past their batch (expired or void). */
export async function giftTotals(db: Db, userId: number, at: string) {
  const rows = await db
    .selectFrom('cards as c')
    .innerJoin('card_batches as b', 'b.id', 'c.batch_id')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .select((eb) => [
      eb.fn
        .countAll<number | string | bigint>()
        .filterWhere((w) => w.and([w('b.status', '=', 'active'), w('b.expires_at', '>', at)]))
        .as('unused'),
      eb.fn
        .countAll<number | string | bigint>()
        .filterWhere((w) => w.or([w('b.status', '<>', 'active'), w('b.expires_at', '<=', at)]))
        .as('expired'),
    ])
    .where('o.user_id', '=', userId)
    .where('c.status', '=', 'unbound')
    .executeTakeFirst();
  return { unused: Number(rows?.unused ?? 0), expired: Number(rows?.expired ?? 0) };
}

/** The plan and tool names a card's grant is told in. */
export async function catalogueNames(db: Db) {
  const [plans, tools] = await Promise.all([
    db.selectFrom('plans').select(['gid', 'name']).execute(),
    db.selectFrom('tools').select(['code', 'name']).execute(),
  ]);
  return {
    plans: new Map(plans.map((p) => [p.gid, p.name])),
    tools: new Map(tools.map((t) => [t.code, t.name])),
  };
}
