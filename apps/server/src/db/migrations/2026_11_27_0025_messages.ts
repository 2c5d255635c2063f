// 消息中心: one row per recipient account of every push (a policy match fans out to the main account and each of its
// sub-accounts, each row with its own read state), kept 180 days by the server's sweep. 消息中心 joins 账户设置 in
// databases seeded earlier. Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { withId } from './columns.js';
import { addMenuRow, removeMenuRow } from './menu-rows.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('messages'), postgres)
    // The recipient account (a sub-account has its own rows).
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // InboxKind of @uc/shared: 'policy' | 'order' | 'invoice' | 'security' | 'team' | 'system' | 'reminder'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // An in-app path, or ''.
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The list, newest first (and by kind).
  await db.schema.createIndex('messages_user_idx').on('messages').columns(['user_id', 'id']).execute();
  // The unread count, per kind.
  await sql`create index messages_unread_idx on messages (user_id, kind) where read_at is null`.execute(db);
  // The retention sweep.
  await db.schema.createIndex('messages_created_idx').on('messages').column('created_at').execute();

  await addMenuRow(db, 'Account', {
    path: '/message/list',
    name: 'MessageList',
    component: 'message/list',
    title: '消息中心',
    packageOnly: false,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeMenuRow(db, 'MessageList');
  await db.schema.dropTable('messages').execute();
}
