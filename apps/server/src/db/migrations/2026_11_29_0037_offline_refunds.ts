// Refunds recorded by staff for money returned by bank transfer (the bank reference and the day it was sent), and the
// red-letter invoices a refund after issue produces: one row per refund, for the part it returned. Frozen once
// merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter } from 'kysely';
import { withId } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // An off-line refund's bank reference (流水号) and the Shanghai date it was sent; null for a provider's refund.
  await db.schema.alterTable('refunds').addColumn('bank_ref', 'text').execute();
  await db.schema.alterTable('refunds').addColumn('refunded_on', 'text').execute();

  await withId(db.schema.createTable('invoice_red_letters'), postgres)
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    // The refund it follows (one red-letter invoice per refund); null: a 红冲 the operator made by hand.
    .addColumn('refund_id', 'integer', (c) => c.references('refunds.id'))
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // The red-letter invoice's number, once the operator issued it in the tax system.
    .addColumn('number', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_red_letters_invoice_idx')
    .on('invoice_red_letters')
    .column('invoice_id')
    .execute();
  await db.schema
    .createIndex('invoice_red_letters_refund_uq')
    .on('invoice_red_letters')
    .column('refund_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_red_letters').execute();
  await db.schema.alterTable('refunds').dropColumn('refunded_on').execute();
  await db.schema.alterTable('refunds').dropColumn('bank_ref').execute();
}
