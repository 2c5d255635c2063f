// Refunds of paid orders: one row per refund asked of a provider (our out_refund_no / out_request_no), and on each
// payment attempt the money refunded or being refunded, which a refund's creating transaction raises only while it
// stays within what the attempt paid. Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter } from 'kysely';
import { withId } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // Pending + succeeded refunds of the attempt, in fen (failed and closed ones are released).
  await db.schema
    .alterTable('payment_attempts')
    .addColumn('refunded_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('refunds'), postgres)
    .addColumn('refund_no', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('payment_attempts.id'))
    // The attempt's provider: 'sandbox' | 'wechat' | 'alipay'.
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // 'pending' | 'succeeded' | 'failed' | 'closed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text')
    // 1: the whole of the order's paid attempt (the membership is reversed); 0: a part, or money paid twice.
    .addColumn('whole', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('staff_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_status_idx').on('refunds').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
  await db.schema.alterTable('payment_attempts').dropColumn('refunded_fen').execute();
}
