// The API package a member calls: its keys (only a hash of each kept), every call to the open API (what 我的API
// charts and lists), and the answers kept for an Idempotency-Key (a retried call is answered again, charged once).
// 我的API joins 会员服务 in databases seeded earlier. Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter } from 'kysely';
import { withId } from './columns.js';
import { addMenuRow, removeMenuRow } from './menu-rows.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('api_keys'), postgres)
    // The main account whose package the calls use.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The key's first characters, shown to tell keys apart.
    .addColumn('prefix', 'text', (c) => c.notNull())
    // SHA-256 of the whole key, hex (the key has 190 random bits: a slow hash buys nothing).
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // JSON array of the addresses calls may come from; [] for any.
    .addColumn('ip_allow', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();

  await withId(db.schema.createTable('api_calls'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    // OpenApiProduct of @uc/shared.
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    // 1: a call of the package was used for it.
    .addColumn('charged', 'integer', (c) => c.notNull())
    // The Asia/Shanghai day, for the chart of calls per day.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_calls_user_idx').on('api_calls').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('api_calls_day_idx').on('api_calls').columns(['user_id', 'day']).execute();

  await db.schema
    .createTable('api_idempotency')
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    // The JSON answered.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_idempotency_pk', ['key_id', 'idem_key'])
    .execute();
  await db.schema
    .createIndex('api_idempotency_created_idx')
    .on('api_idempotency')
    .column('created_at')
    .execute();

  await addMenuRow(db, 'Vip', {
    path: '/api/keys',
    name: 'ApiKeys',
    component: 'api/keys',
    title: '我的API',
    packageOnly: true,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeMenuRow(db, 'ApiKeys');
  await db.schema.dropTable('api_idempotency').execute();
  await db.schema.dropTable('api_calls').execute();
  await db.schema.dropTable('api_keys').execute();
}
