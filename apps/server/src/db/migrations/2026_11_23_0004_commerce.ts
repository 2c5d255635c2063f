// Membership commerce: the plan catalogue and its quantity tiers, orders, payment attempts, payment events, membership
// changes and API quotas. Money is integer fen. Frozen once merged: never edit it, never import app code here.
import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';
import { addMenuRow, removeMenuRow } from './menu-rows.js';

/** An integer key the database assigns: identity on PostgreSQL, AUTOINCREMENT on SQLite. */
function withId<T extends string>(table: CreateTableBuilder<T>, postgres: boolean) {
  return postgres
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const TABLES = [
  'api_quotas',
  'membership_changes',
  'payment_events',
  'payment_attempts',
  'orders',
  'plan_tiers',
  'plans',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // The catalogue: gid is the plan id of docs/requirements.md §4, not generated.
  await db.schema
    .createTable('plans')
    .addColumn('gid', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // The level a purchase grants; null: the level is unchanged (the API package).
    .addColumn('level', 'integer')
    .addColumn('unit_price_fen', 'integer', (c) => c.notNull())
    // 'year' (whole years) or 'months12' (12 months per unit).
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('api_calls_per_unit', 'integer')
    // JSON array of strings.
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('plain_invoice_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Quantity tiers: the factor (per mille) applied to the total of `count` units of a plan.
  await db.schema
    .createTable('plan_tiers')
    .addColumn('gid', 'integer', (c) => c.notNull().references('plans.gid').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('factor_permille', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_tiers_pk', ['gid', 'count'])
    .execute();

  await withId(db.schema.createTable('orders'), postgres)
    .addColumn('out_trade_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gid', 'integer', (c) => c.notNull().references('plans.gid'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('total_fen', 'integer', (c) => c.notNull())
    .addColumn('credit_fen', 'integer', (c) => c.notNull().defaultTo(0))
    // May be negative: such an order is never paid (订单异常).
    .addColumn('final_fen', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // 'wechat' | 'alipay' | 'transfer' | 'credit' once chosen.
    .addColumn('channel', 'text')
    .addColumn('late_time', 'text', (c) => c.notNull())
    .addColumn('expiry_before', 'text')
    .addColumn('expiry_after', 'text')
    .addColumn('source', 'text')
    // The last provider query of the status poll (at most one per 10 s per order, across instances).
    .addColumn('queried_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('paid_attempt_id', 'integer')
    // Paid after its pay-by time: credited all the same, listed for the operator.
    .addColumn('paid_late', 'integer', (c) => c.notNull().defaultTo(0))
    // A second attempt paid an already paid order: to be refunded.
    .addColumn('duplicate_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_user_created_idx')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();
  // The expiry sweep and the operator's lists.
  await db.schema
    .createIndex('orders_status_late_idx')
    .on('orders')
    .columns(['status', 'late_time'])
    .execute();

  // One row per QR shown; trade_no is what the provider holds (out_trade_no + a 3-digit sequence).
  await withId(db.schema.createTable('payment_attempts'), postgres)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('trade_no', 'text', (c) => c.notNull().unique())
    // The provider that holds the trade: 'sandbox' | 'wechat' | 'alipay' | 'transfer'.
    .addColumn('provider', 'text', (c) => c.notNull())
    // The channel the member chose: 'wechat' | 'alipay' | 'transfer'.
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('pay_type', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    // 'open' | 'paid' | 'closed' | 'failed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_txn_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addUniqueConstraint('payment_attempts_order_seq_uq', ['order_id', 'seq'])
    .addUniqueConstraint('payment_attempts_provider_txn_uq', ['provider', 'provider_txn_id'])
    .execute();

  // Every notification and query result, verified or not, with what came of it.
  await withId(db.schema.createTable('payment_events'), postgres)
    .addColumn('provider', 'text', (c) => c.notNull())
    // 'notification' | 'query' | 'transfer'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('trade_no', 'text')
    .addColumn('order_id', 'integer')
    .addColumn('verified', 'integer', (c) => c.notNull())
    // Why a notification was refused.
    .addColumn('reason', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer')
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A verified event is recorded once: a redelivery finds it and is acknowledged without a second credit.
  await db.schema
    .createIndex('payment_events_verified_uq')
    .on('payment_events')
    .columns(['provider', 'event_id'])
    .unique()
    .where(sql.ref('verified'), '=', 1)
    .execute();
  await db.schema.createIndex('payment_events_order_idx').on('payment_events').column('order_id').execute();

  // The audit trail: one row per credit, in the credit's transaction.
  await withId(db.schema.createTable('membership_changes'), postgres)
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gid_before', 'integer')
    .addColumn('gid_after', 'integer')
    .addColumn('level_before', 'integer', (c) => c.notNull())
    .addColumn('level_after', 'integer', (c) => c.notNull())
    .addColumn('expiry_before', 'text')
    .addColumn('expiry_after', 'text')
    .addColumn('api_calls_added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // API calls bought (the API package), per member.
  await db.schema
    .createTable('api_quotas')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expired_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await addMenuRow(db, 'Vip', ORDER_LIST_MENU);
}

/** A database seeded before this migration gets 我的订单 under 会员服务. */
const ORDER_LIST_MENU = {
  path: '/order/list',
  name: 'OrderList',
  component: 'order/list',
  title: '我的订单',
  packageOnly: true,
};

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeMenuRow(db, ORDER_LIST_MENU.name);
  for (const table of TABLES) await db.schema.dropTable(table).execute();
}
