// Invoices (发票): a member's saved titles, and one request per paid order (a rejected one may be asked again), its
// PDF kept in the database once an operator issued it so every instance serves it. 发票管理 joins 会员服务 in
// databases seeded earlier. Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { withId } from './columns.js';
import { addMenuRow, removeMenuRow } from './menu-rows.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('invoice_titles'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'personal' | 'company'
    .addColumn('title_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('tax_no', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoice_titles_user_title_uq', ['user_id', 'title_type', 'title'])
    .execute();

  await withId(db.schema.createTable('invoices'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    // 'normal' (普通电子发票) | 'special' (增值税专用发票)
    .addColumn('invoice_type', 'text', (c) => c.notNull())
    .addColumn('title_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('tax_no', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('bank_account', 'text', (c) => c.notNull())
    // The order's paid amount, in fen, when it was asked for.
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    // 'pending' | 'issued' | 'rejected' | 'reversed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('number', 'text')
    .addColumn('reason', 'text')
    .addColumn('pdf', postgres ? 'bytea' : 'blob')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text')
    .addColumn('closed_at', 'text')
    // When the member was told it was issued (the outbox of the notice).
    .addColumn('notified_at', 'text')
    .execute();
  await db.schema.createIndex('invoices_user_idx').on('invoices').columns(['user_id', 'id']).execute();
  // One standing request per order: a second answers 该订单已申请发票; a rejected one may be asked again.
  await sql`create unique index invoices_order_uq on invoices (order_id) where status <> 'rejected'`.execute(
    db,
  );
  await sql`create index invoices_notify_idx on invoices (status) where notified_at is null`.execute(db);

  await addMenuRow(db, 'Vip', {
    path: '/invoice/list',
    name: 'InvoiceList',
    component: 'invoice/list',
    title: '发票管理',
    packageOnly: true,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeMenuRow(db, 'InvoiceList');
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_titles').execute();
}
