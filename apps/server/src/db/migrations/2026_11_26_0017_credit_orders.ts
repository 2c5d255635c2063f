// Orders of usage credits: a tool's credit pack is bought through the same orders, attempts and crediting as a plan.
// An order refers to a plan (orders.gid is a key of plans), so the packs have one catalogue row of their own, never
// on sale (gid 90, PLAN.credits of @uc/shared); the order and each attempt name the pack they buy. Frozen once
// merged: never edit it, never import app code here.
import { type Kysely, sql } from 'kysely';

const CREDITS_GID = 90;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into plans (gid, name, level, unit_price_fen, unit, api_calls_per_unit, features, on_sale,
      plain_invoice_only, sort)
    values (${CREDITS_GID}, '工具次数包', null, 0, 'year', null, '[]', 0, 1, 90)`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('pack_id', 'integer', (c) => c.references('tool_credit_packs.id'))
    .execute();
  await db.schema
    .alterTable('payment_attempts')
    .addColumn('pack_id', 'integer', (c) => c.references('tool_credit_packs.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_attempts').dropColumn('pack_id').execute();
  await db.schema.alterTable('orders').dropColumn('pack_id').execute();
  await sql`delete from plans where gid = ${CREDITS_GID}`.execute(db);
}
