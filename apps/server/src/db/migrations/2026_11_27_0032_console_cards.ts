// The console's 卡券 and 发票: who created a card batch (a staff username, 'cli' for the command line), and the number
// of the red-letter invoice of a 红冲. Frozen once merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('card_batches').addColumn('created_by', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('red_number', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('red_number').execute();
  await db.schema.alterTable('card_batches').dropColumn('created_by').execute();
}
