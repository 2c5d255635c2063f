// The plan-period ledger: every stretch of days a member's plan was given, how (an order, a card, staff, the seed, this
// migration) and what it was worth in money, so a switch credits what was paid and never more. Databases of before
// get their paid orders' periods at their value and, for whatever part of a running plan no order covers, a period
// worth nothing. Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { withId } from './columns.js';

interface Change {
  order_id: number;
  user_id: number;
  gid_before: number | null;
  gid_after: number | null;
  kind: string | null;
  starts_at: string | null;
  expiry_before: string | null;
  expiry_after: string | null;
  value_fen: number;
  provider: string;
  created_at: string;
}

interface Period {
  user_id: number;
  gid: number;
  kind: 'start' | 'extend' | 'cut';
  starts_at: string;
  ends_at: string;
  value_fen: number;
  source: string;
  order_id: number | null;
  created_at: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('plan_periods'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gid', 'integer', (c) => c.notNull())
    // 'start': a plan run begins (what came before is not this run's); 'extend': more days of the running plan;
    // 'cut': the plan shortened to ends_at (starts_at = ends_at), earlier periods end there.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    // What the days were worth in money (fen): an order's money plus any credit it carried, 0 for a grant.
    .addColumn('value_fen', 'integer', (c) => c.notNull().defaultTo(0))
    // 'order' | 'card' | 'staff' | 'seed' | 'migration'
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plan_periods_user_idx')
    .on('plan_periods')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('plan_periods_order_uq')
    .on('plan_periods')
    .column('order_id')
    .unique()
    .execute();

  const stamp = new Date().toISOString();
  const { rows: changes } =
    await sql<Change>`select order_id, user_id, gid_before, gid_after, kind, starts_at,
      expiry_before, expiry_after, value_fen, provider, created_at
    from membership_changes
    where (kind is null or kind <> 'api') and gid_after is not null and expiry_after is not null
    order by id`.execute(db);
  const byUser = new Map<number, Period[]>();
  for (const c of changes) {
    const extend =
      c.kind === 'renew' ||
      (c.kind === null &&
        c.gid_before === c.gid_after &&
        c.expiry_before !== null &&
        c.expiry_before > c.created_at);
    const period: Period = {
      user_id: c.user_id,
      gid: c.gid_after as number,
      kind: extend ? 'extend' : 'start',
      starts_at: c.starts_at ?? (extend ? (c.expiry_before as string) : c.created_at),
      ends_at: c.expiry_after as string,
      value_fen: c.provider === 'card' ? 0 : c.value_fen,
      source: c.provider === 'card' ? 'card' : 'order',
      order_id: c.order_id,
      created_at: c.created_at,
    };
    byUser.set(c.user_id, [...(byUser.get(c.user_id) ?? []), period]);
  }
  const inserts: Period[] = [...byUser.values()].flat();

  // Whatever part of a running plan the orders do not cover was given, not paid: a period worth nothing.
  const { rows: members } = await sql<{
    id: number;
    gid: number;
    expired_at: string;
  }>`select id, gid, expired_at
    from users where is_sub = 0 and gid is not null and expired_at is not null and expired_at > ${stamp}`.execute(
    db,
  );
  for (const m of members) {
    const history = byUser.get(m.id) ?? [];
    const newest = history[history.length - 1];
    const grant = (kind: Period['kind'], from: string, to: string): Period => ({
      user_id: m.id,
      gid: m.gid,
      kind,
      starts_at: from,
      ends_at: to,
      value_fen: 0,
      source: 'migration',
      order_id: null,
      created_at: stamp,
    });
    if (!newest || newest.gid !== m.gid) {
      inserts.push(grant('start', stamp, m.expired_at));
    } else if (m.expired_at > newest.ends_at) {
      inserts.push(grant('extend', newest.ends_at, m.expired_at));
    } else if (m.expired_at < newest.ends_at) {
      inserts.push(grant('cut', m.expired_at, m.expired_at));
    } else {
      // The orders end at the expiry: the days before the first order of the running plan were given.
      let first = newest;
      for (let i = history.length - 1; i >= 0; i -= 1) {
        const period = history[i] as Period;
        if (period.gid !== m.gid) break;
        first = period;
        if (period.kind === 'start') break;
      }
      if (first.kind !== 'start' && first.starts_at > stamp)
        inserts.push(grant('extend', stamp, first.starts_at));
    }
  }
  for (let i = 0; i < inserts.length; i += 200) {
    await db
      .insertInto('plan_periods' as never)
      .values(inserts.slice(i, i + 200) as never)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plan_periods').execute();
}
