// Redemption cards: batches an operator creates (what each card grants, how many, until when) and their cards (a
// number, the HMAC of the secret, bound once by a conditional update). 我的卡券 joins 会员服务 in databases seeded
// earlier. Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter } from 'kysely';
import { withId } from './columns.js';
import { addMenuRow, removeMenuRow } from './menu-rows.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('card_batches'), postgres)
    .addColumn('name', 'text', (c) => c.notNull())
    // 'plan' (grant_gid, grant_units years) | 'credits' (grant_tool, grant_units uses) | 'api' (grant_units calls).
    .addColumn('grant_kind', 'text', (c) => c.notNull())
    .addColumn('grant_gid', 'integer')
    .addColumn('grant_tool', 'text')
    .addColumn('grant_units', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    // Cards bind until this instant (the end of the --expires day, Asia/Shanghai).
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // 'active' | 'void' (no card of a void batch binds).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('cards'), postgres)
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('card_batches.id'))
    .addColumn('card_no', 'text', (c) => c.notNull().unique())
    // HMAC-SHA256 of the secret under the server's card key, hex: the secret itself is never stored.
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    // 'unbound' | 'bound'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('bound_at', 'text')
    // A plan or API card: the order that recorded what it gave.
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cards_batch_idx').on('cards').column('batch_id').execute();
  await db.schema.createIndex('cards_user_idx').on('cards').columns(['user_id', 'bound_at']).execute();

  await addMenuRow(db, 'Vip', {
    path: '/cards/mine',
    name: 'CardsMine',
    component: 'cards/mine',
    title: '我的卡券',
    packageOnly: true,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeMenuRow(db, 'CardsMine');
  await db.schema.dropTable('cards').execute();
  await db.schema.dropTable('card_batches').execute();
}
