// Identity: one self-registration per mobile, enforced by the database so two racing registrations cannot both win. Frozen once merged.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registered_mobiles')
    .addColumn('mobile', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('registered_mobiles_user_id_idx')
    .on('registered_mobiles')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registered_mobiles').execute();
}
