// Changes of plan (docs/decisions.md "Legacy levels and changes of plan"): the legacy levels' renewal rows of the
// catalogue (gid = the level: 30 黄金会员, 40 铂金会员, 50 黑金会员; never on sale, renewed only by a member at that
// level, at 专业版's price) and the lower plan a member paid for that takes over when the running one ends, one
// scheduled at a time per member. Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { withId } from './columns.js';

const LEGACY = [
  { gid: 30, name: '黄金会员' },
  { gid: 40, name: '铂金会员' },
  { gid: 50, name: '黑金会员' },
] as const;
/** 专业版's price a year, in fen (the highest current plan below the legacy levels). */
const LEGACY_PRICE_FEN = 1_280_000;
const TIERS = [1000, 950, 900, 850, 800];
const FEATURES = JSON.stringify(['保留原会员等级及全部权益', '续费后有效期顺延', '可随时升级至尊版、集团版']);

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { gid, name } of LEGACY) {
    await sql`insert into plans (gid, name, level, unit_price_fen, unit, api_calls_per_unit, features, on_sale,
        plain_invoice_only, sort)
      values (${gid}, ${name}, ${gid}, ${LEGACY_PRICE_FEN}, 'year', null, ${FEATURES}, 0, 0, ${gid})`.execute(
      db,
    );
    for (const [i, factor] of TIERS.entries()) {
      await sql`insert into plan_tiers (gid, count, factor_permille) values (${gid}, ${i + 1}, ${factor})`.execute(
        db,
      );
    }
  }

  await withId(db.schema.createTable('scheduled_plan_changes'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // The paid order of the lower plan (one change per order).
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('gid', 'integer', (c) => c.notNull().references('plans.gid'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    // 'scheduled' | 'applied' | 'cancelled'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // When it took over: the expiry it started from and the one it ran to; when it was applied or cancelled.
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema
    .createIndex('scheduled_plan_changes_one_uq')
    .on('scheduled_plan_changes')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status = 'scheduled'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_plan_changes').execute();
  const gids = LEGACY.map((p) => p.gid);
  await sql`delete from plan_tiers where gid in (${sql.join(gids)})`.execute(db);
  await sql`delete from plans where gid in (${sql.join(gids)})`.execute(db);
}
