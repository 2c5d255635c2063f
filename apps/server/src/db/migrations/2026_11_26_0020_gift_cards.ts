// Gift cards (购买卡): products a member buys for its own customers, paid through the same orders (the products have
// one catalogue row of their own, gid 91, never on sale; the order and each attempt name the product), issued as a
// card batch of the order when it is credited. Their secrets are kept sealed until the buyer has seen them and
// downloaded them once, then only their HMACs remain. 购买卡 joins 会员服务 in databases seeded earlier. Frozen once
// merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { withId } from './columns.js';
import { addMenuRow, moveMenuRow, removeMenuRow, setMenuHidden } from './menu-rows.js';

const GIFT_GID = 91;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('gift_card_products'), postgres)
    .addColumn('name', 'text', (c) => c.notNull())
    // As card_batches: 'plan' (grant_gid, grant_units years) | 'credits' (grant_tool, grant_units uses).
    .addColumn('grant_kind', 'text', (c) => c.notNull())
    .addColumn('grant_gid', 'integer')
    .addColumn('grant_tool', 'text')
    .addColumn('grant_units', 'integer', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    // How long a bought card can be bound.
    .addColumn('valid_days', 'integer', (c) => c.notNull())
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await sql`insert into plans (gid, name, level, unit_price_fen, unit, api_calls_per_unit, features, on_sale,
      plain_invoice_only, sort)
    values (${GIFT_GID}, '礼品卡', null, 0, 'year', null, '[]', 0, 1, 91)`.execute(db);
  for (const table of ['orders', 'payment_attempts']) {
    await db.schema
      .alterTable(table)
      .addColumn('gift_id', 'integer', (c) => c.references('gift_card_products.id'))
      .execute();
  }
  // A bought batch: the order that paid for it (its buyer); the sealed secrets until the buyer has them.
  await db.schema
    .alterTable('card_batches')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .execute();
  await db.schema.alterTable('card_batches').addColumn('shown_at', 'text').execute();
  await db.schema.alterTable('card_batches').addColumn('downloaded_at', 'text').execute();
  await db.schema.alterTable('cards').addColumn('secret_sealed', 'text').execute();
  await db.schema.createIndex('card_batches_order_idx').on('card_batches').column('order_id').execute();

  await addMenuRow(db, 'Vip', {
    path: '/cards/shop',
    name: 'CardsShop',
    component: 'cards/shop',
    title: '购买卡',
    packageOnly: true,
  });
  await addMenuRow(db, 'Vip', {
    path: '/cards/buy',
    name: 'CardsBuy',
    component: 'cards/buy',
    title: '购买礼品卡',
    packageOnly: true,
  });
  await setMenuHidden(db, 'CardsBuy', true);
  await moveMenuRow(db, 'CardsBuy', 'CardsShop', 1);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeMenuRow(db, 'CardsBuy');
  await removeMenuRow(db, 'CardsShop');
  await db.schema.dropIndex('card_batches_order_idx').execute();
  await db.schema.alterTable('cards').dropColumn('secret_sealed').execute();
  for (const column of ['downloaded_at', 'shown_at', 'order_id']) {
    await db.schema.alterTable('card_batches').dropColumn(column).execute();
  }
  for (const table of ['payment_attempts', 'orders']) {
    await db.schema.alterTable(table).dropColumn('gift_id').execute();
  }
  await sql`delete from plans where gid = ${GIFT_GID}`.execute(db);
  await db.schema.dropTable('gift_card_products').execute();
}
