// Initial schema: users, sessions, menus. Frozen once merged: never edit it, never import app code here.
import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** An integer key the database assigns: identity on PostgreSQL, AUTOINCREMENT on SQLite. */
function withId<T extends string>(table: CreateTableBuilder<T>, postgres: boolean) {
  return postgres
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('users'), postgres)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'text')
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo('/media/avatar/default.png'))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gid', 'integer')
    .addColumn('expired_at', 'text')
    .addColumn('is_service', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_sub', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('parent_id', 'integer', (c) => c.references('users.id'))
    .addColumn('group_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('area', 'text', (c) => c.notNull().defaultTo('440300'))
    .addColumn('site', 'text', (c) => c.notNull().defaultTo('ccw'))
    .addColumn('is_one_click', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_mobile_idx').on('users').column('mobile').execute();
  await db.schema.createIndex('users_parent_id_idx').on('users').column('parent_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await withId(db.schema.createTable('menus'), postgres)
    .addColumn('parent_id', 'integer', (c) => c.references('menus.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    // Route names are unique in a router; this also stops two racing seeders from duplicating the tree.
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('component', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('redirect', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('package_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('menus_parent_id_idx').on('menus').column('parent_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('menus').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
