// Policy tools: the questionnaire answers of a company the member typed in (no customer of its own), saved per member
// and company name, and an index to read a member's saved customer answers at once (matching one policy against all
// of its customers). Frozen once merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_assessments')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_assessments_pk', ['user_id', 'company_name'])
    .execute();
  await db.schema
    .createIndex('customer_assessments_user_idx')
    .on('customer_assessments')
    .columns(['user_id', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customer_assessments_user_idx').execute();
  await db.schema.dropTable('company_assessments').execute();
}
