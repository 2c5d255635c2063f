// Subscriptions and push settings: each member's push settings, the outbox of published policy items waiting to be
// matched and pushed, the record of the daily SMS/email digest, and the indexes of the 我的订阅 lists and the
// publicity search by company. Frozen once merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per member (main account); lists are JSON arrays of strings.
  await db.schema
    .createTable('push_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('regions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('departments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('industries', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('channels', 'text', (c) => c.notNull().defaultTo('["site"]'))
    .addColumn('quiet_start', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quiet_end', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // A published item waits here until its publish time, then one instance claims it and pushes it to its matches.
  await db.schema
    .createTable('policy_publications')
    .addColumn('item_id', 'integer', (c) => c.primaryKey().references('policy_items.id').onDelete('cascade'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('dispatched_at', 'text')
    .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('policy_publications_due_idx')
    .on('policy_publications')
    .columns(['dispatched_at', 'due_at'])
    .execute();

  // At most one SMS/email digest per member and day (Asia/Shanghai): the key is the claim.
  await db.schema
    .createTable('push_digests')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_digests_pk', ['user_id', 'day'])
    .execute();

  // 订阅项目 lists every type newest first; the publicity search by company reads by name.
  await db.schema
    .createIndex('policy_items_publish_time_idx')
    .on('policy_items')
    .columns(['publish_time', 'id'])
    .execute();
  await db.schema
    .createIndex('publicity_items_company_idx')
    .on('publicity_items')
    .columns(['companyname', 'publishtime'])
    .execute();
  await db.schema
    .createIndex('publicity_items_time_idx')
    .on('publicity_items')
    .columns(['publishtime', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('publicity_items_time_idx').execute();
  await db.schema.dropIndex('publicity_items_company_idx').execute();
  await db.schema.dropIndex('policy_items_publish_time_idx').execute();
  for (const table of ['push_digests', 'policy_publications', 'push_settings'])
    await db.schema.dropTable(table).execute();
}
