// Account and team: contact name, enabled / deleted state and the last password change on users; login attempts,
// the security audit, email confirmation links and the sub-account limits by plan and by legacy level. Frozen once
// merged: never edit it, never import app code here.
import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';
import { addMenuRow, removeMenuRow } from './menu-rows.js';

/** An integer key the database assigns: identity on PostgreSQL, AUTOINCREMENT on SQLite. */
function withId<T extends string>(table: CreateTableBuilder<T>, postgres: boolean) {
  return postgres
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const USER_COLUMNS = ['contact_name', 'enabled', 'disabled_at', 'deleted_at', 'password_changed_at'] as const;

/** Sub-accounts a plan allows (gid of docs/requirements.md §4); a plan without a row allows none. */
const PLAN_LIMITS = [
  { gid: 1, sub_limit: 2 },
  { gid: 12, sub_limit: 5 },
  { gid: 13, sub_limit: 10 },
  { gid: 11, sub_limit: 50 },
  { gid: 6, sub_limit: 20 },
];

/** Legacy levels held without a plan (gold 30, platinum 40, black gold 50). */
const LEVEL_LIMITS = [
  { level: 30, sub_limit: 5 },
  { level: 40, sub_limit: 10 },
  { level: 50, sub_limit: 20 },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .alterTable('users')
    .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  // Deleted sub-accounts stay as rows (their username stays taken, the audit keeps its names).
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('password_changed_at', 'text').execute();

  await withId(db.schema.createTable('login_events'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'password' | 'sms' | 'bind'
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_events_user_created_idx')
    .on('login_events')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db.schema.createTable('security_events'), postgres)
    // Who did it.
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The sub-account changed; null for the actor's own account.
    .addColumn('target_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_events_actor_idx')
    .on('security_events')
    .columns(['actor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('security_events_target_idx')
    .on('security_events')
    .columns(['target_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('email_tokens')
    // SHA-256 hex of the token in the link: the link itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_tokens_user_idx').on('email_tokens').column('user_id').execute();

  // Reference data, not demo data: without a row a plan allows no sub-account.
  await db.schema
    .createTable('plan_sub_limits')
    .addColumn('gid', 'integer', (c) => c.primaryKey())
    .addColumn('sub_limit', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('level_sub_limits')
    .addColumn('level', 'integer', (c) => c.primaryKey())
    .addColumn('sub_limit', 'integer', (c) => c.notNull())
    .execute();
  await (db as Kysely<LimitTables>).insertInto('plan_sub_limits').values(PLAN_LIMITS).execute();
  await (db as Kysely<LimitTables>).insertInto('level_sub_limits').values(LEVEL_LIMITS).execute();

  await addMenuRow(db, 'Account', SUB_ACCOUNT_MENU);
}

interface LimitTables {
  plan_sub_limits: { gid: number; sub_limit: number };
  level_sub_limits: { level: number; sub_limit: number };
}

/** A database seeded before this migration gets 子账号管理 under 账户设置. */
const SUB_ACCOUNT_MENU = {
  path: 'sub',
  name: 'AccountSub',
  component: 'account/sub',
  title: '子账号管理',
  packageOnly: true,
};

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeMenuRow(db, SUB_ACCOUNT_MENU.name);
  for (const table of [
    'level_sub_limits',
    'plan_sub_limits',
    'email_tokens',
    'security_events',
    'login_events',
  ])
    await db.schema.dropTable(table).execute();
  for (const column of [...USER_COLUMNS].reverse())
    await db.schema.alterTable('users').dropColumn(column).execute();
}
