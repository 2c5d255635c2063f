// Coupons (优惠券): templates an operator defines as data, the coupons members hold (each a copy of its template's
// rule, so a template changed later does not change a coupon already issued), the coupon an order's price and each
// of its attempts carried, and card batches granting a coupon. Frozen once merged: never edit it, never import app
// code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { withId } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('coupon_templates'), postgres)
    .addColumn('name', 'text', (c) => c.notNull())
    // 'full_reduction' (threshold_fen, discount_fen) | 'discount' (percent paid, max_discount_fen or null) |
    // 'voucher' (discount_fen).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('threshold_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('percent', 'integer')
    .addColumn('max_discount_fen', 'integer')
    // JSON array of the catalogue gids it applies to (plans, 90 credit packs, 91 gift cards); null: all goods.
    .addColumn('scope_gids', 'text')
    // How many may be issued in all (null: no limit), and to one member (null: no limit).
    .addColumn('total_count', 'integer')
    .addColumn('take_limit', 'integer')
    .addColumn('issued_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Validity: `valid_days` from the issue, or the fixed window [valid_start, valid_end).
    .addColumn('valid_days', 'integer')
    .addColumn('valid_start', 'text')
    .addColumn('valid_end', 'text')
    // 1: every newly registered member receives one.
    .addColumn('on_register', 'integer', (c) => c.notNull().defaultTo(0))
    // 'active' | 'stopped' (no more are issued; those issued stay usable).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('user_coupons'), postgres)
    .addColumn('template_id', 'integer', (c) => c.notNull().references('coupon_templates.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('threshold_fen', 'integer', (c) => c.notNull())
    .addColumn('discount_fen', 'integer', (c) => c.notNull())
    .addColumn('percent', 'integer')
    .addColumn('max_discount_fen', 'integer')
    .addColumn('scope_gids', 'text')
    .addColumn('valid_start', 'text', (c) => c.notNull())
    .addColumn('valid_end', 'text', (c) => c.notNull())
    // 'unused' | 'locked' (to order_id, while it is paid) | 'used' (by order_id, credited).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('locked_at', 'text')
    .addColumn('used_at', 'text')
    // 'operator' | 'card' | 'register'; source_ref: the card's id for a card.
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_coupons_user_idx')
    .on('user_coupons')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('user_coupons_template_idx')
    .on('user_coupons')
    .columns(['template_id', 'user_id'])
    .execute();
  // One coupon per order, and a coupon serves one order: the database refuses a second.
  await sql`create unique index user_coupons_order_uq on user_coupons (order_id)
    where status in ('locked', 'used')`.execute(db);
  // A card gives its coupon once.
  await sql`create unique index user_coupons_source_uq on user_coupons (source, source_ref)
    where source_ref is not null`.execute(db);

  // The coupon a price carried: the order's current one, and the one each attempt froze.
  for (const table of ['orders', 'payment_attempts']) {
    await db.schema
      .alterTable(table)
      .addColumn('coupon_id', 'integer', (c) => c.references('user_coupons.id'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('coupon_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('card_batches')
    .addColumn('grant_template', 'integer', (c) => c.references('coupon_templates.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('card_batches').dropColumn('grant_template').execute();
  for (const table of ['payment_attempts', 'orders']) {
    await db.schema.alterTable(table).dropColumn('coupon_fen').execute();
    await db.schema.alterTable(table).dropColumn('coupon_id').execute();
  }
  await db.schema.dropTable('user_coupons').execute();
  await db.schema.dropTable('coupon_templates').execute();
}
