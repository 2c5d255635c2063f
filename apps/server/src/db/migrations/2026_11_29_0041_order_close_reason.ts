// Why an order was closed unpaid: 'superseded' when a purchase credited since gives the member that plan's level or
// more (docs/decisions.md "Orders nobody tried to pay"); null for every other order. Frozen once merged: never edit
// it, never import app code here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('closed_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('closed_reason').execute();
}
