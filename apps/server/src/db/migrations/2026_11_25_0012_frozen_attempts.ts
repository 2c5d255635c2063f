// What an attempt buys is frozen when its QR (or transfer) is issued: plan, count, total, credit and the plan state it
// was priced against, so its payment credits exactly that. Membership rows record what each purchase was worth and
// when its days start, so a later switch credits no more than was paid. Orders keep the money owed back, and a
// member has at most one open order per plan (a partial unique index; duplicates and negative open orders of
// existing databases are closed first). Frozen once merged: never edit it, never import app code here.
import { type Kysely, sql } from 'kysely';

const OPEN = sql`('created', 'paying')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of [
    ['gid', 'integer'],
    ['count', 'integer'],
    ['total_fen', 'integer'],
    ['credit_fen', 'integer'],
    ['kind', 'text'],
    ['basis_gid', 'integer'],
    ['basis_expiry', 'text'],
  ] as const) {
    await db.schema.alterTable('payment_attempts').addColumn(column, type).execute();
  }
  // Attempts issued before: what their order says now (the best record there is); no basis to check.
  await sql`update payment_attempts set
      gid = (select o.gid from orders o where o.id = payment_attempts.order_id),
      count = (select o.count from orders o where o.id = payment_attempts.order_id),
      total_fen = (select o.total_fen from orders o where o.id = payment_attempts.order_id),
      credit_fen = (select o.credit_fen from orders o where o.id = payment_attempts.order_id)`.execute(db);

  await db.schema
    .alterTable('orders')
    .addColumn('refund_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  for (const [column, type] of [
    ['kind', 'text'],
    ['starts_at', 'text'],
  ] as const) {
    await db.schema.alterTable('membership_changes').addColumn(column, type).execute();
  }
  for (const column of ['units', 'value_fen', 'paid_fen'] as const) {
    await db.schema
      .alterTable('membership_changes')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`update membership_changes set
      units = (select o.count from orders o where o.id = membership_changes.order_id),
      value_fen = (select o.total_fen from orders o where o.id = membership_changes.order_id),
      paid_fen = (select o.final_fen from orders o where o.id = membership_changes.order_id),
      kind = case
        when api_calls_added > 0 then 'api'
        when gid_before = gid_after and expiry_before is not null and expiry_before > created_at then 'renew'
        else 'start' end,
      starts_at = case
        when api_calls_added = 0 and gid_before = gid_after and expiry_before is not null
          and expiry_before > created_at then expiry_before
        else created_at end`.execute(db);

  // One open order per member and plan: the newest stays open, older duplicates and negative ones are closed.
  await sql`update orders set status = 'closed'
      where status in ${OPEN} and (final_fen < 0 or id not in (
        select max(id) from orders where status in ${OPEN} group by user_id, gid))`.execute(db);
  await db.schema
    .createIndex('orders_one_open_uq')
    .on('orders')
    .columns(['user_id', 'gid'])
    .unique()
    .where(sql<boolean>`status in ('created', 'paying')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_one_open_uq').execute();
  for (const column of ['kind', 'starts_at', 'units', 'value_fen', 'paid_fen']) {
    await db.schema.alterTable('membership_changes').dropColumn(column).execute();
  }
  await db.schema.alterTable('orders').dropColumn('refund_fen').execute();
  for (const column of ['gid', 'count', 'total_fen', 'credit_fen', 'kind', 'basis_gid', 'basis_expiry']) {
    await db.schema.alterTable('payment_attempts').dropColumn(column).execute();
  }
}
