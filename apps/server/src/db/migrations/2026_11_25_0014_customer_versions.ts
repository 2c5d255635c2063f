// A version per member of what the server holds in memory about its customers (the rows, their saved answers, the
// notices naming them): bumped in the transaction of every write to them, read (one row by key) before a cached
// snapshot is served, so no instance serves a customer that changed. No row: version 0, nothing written since this
// migration. Frozen once merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer_versions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customer_versions').execute();
}
