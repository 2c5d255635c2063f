// The customer list's name search reads the member's in-memory book now, so the (member, name) index nothing reads any
// more is dropped: it cost space and a write on every customer insert. Frozen once merged: never edit it, never import
// app code here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_user_name_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('customers_user_name_idx')
    .on('customers')
    .columns(['user_id', 'name'])
    .execute();
}
