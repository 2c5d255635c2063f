// SQL of the operator's card batches, for the console and `npm run cards`: the grant looked up in the catalogue, the
// batches with their filter and bound counts, and voiding one.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

const BATCH_COLUMNS = [
  'b.id',
  'b.name',
  'b.grant_kind',
  'b.grant_gid',
  'b.grant_tool',
  'b.grant_units',
  'b.grant_template',
  'b.count',
  'b.expires_at',
  'b.status',
  'b.created_at',
] as const;

/** Every batch with how many of its cards were bound, newest first. */
export function listBatches(db: Db) {
  return db
    .selectFrom('card_batches as b')
    .leftJoin('cards as c', (join) => join.onRef('c.batch_id', '=', 'b.id').on('c.status', '=', 'bound'))
    .select(BATCH_COLUMNS)
    .select((eb) => eb.fn.count<number | string | bigint>('c.id').as('bound'))
    .groupBy(BATCH_COLUMNS)
    .orderBy('b.id', 'desc')
    .execute();
}

/** Voids an active batch; whether it was active. */
export async function voidBatch(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('card_batches')
    .set({ status: 'void' })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A plan a card may grant (on sale, membership or API), with its calls per unit. */
export function findGrantPlan(db: Db, gid: number) {
  return db
    .selectFrom('plans')
    .select(['gid', 'name', 'level', 'api_calls_per_unit'])
    .where('gid', '=', gid)
    .where('on_sale', '=', 1)
    .executeTakeFirst();
}

export function findGrantTool(db: Db, code: string) {
  return db.selectFrom('tools').select(['code', 'name']).where('code', '=', code).executeTakeFirst();
}

export function findGrantTemplate(db: Db, id: number) {
  return db
    .selectFrom('coupon_templates')
    .select(['id', 'name', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface BatchFilter {
  name?: string;
  grantKind?: string;
  status?: string;
  from?: string;
  until?: string;
}

/** `column` contains `text` literally (LIKE with its wildcards escaped, the same on both databases). */
export const containsText = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} like ${`%${text.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`;

function operatorBatches(db: Db, f: BatchFilter) {
  let query = db.selectFrom('card_batches as b').where('b.order_id', 'is', null);
  if (f.name) query = query.where(containsText('b.name', f.name));
  if (f.grantKind) query = query.where('b.grant_kind', '=', f.grantKind);
  if (f.status) query = query.where('b.status', '=', f.status);
  if (f.from) query = query.where('b.created_at', '>=', f.from);
  if (f.until) query = query.where('b.created_at', '<', f.until);
  return query;
}

/** Operator batches with their grant's names and bound count, newest first; `beforeId` continues an export. */
export function listOperatorBatches(db: Db, f: BatchFilter, limit: number, offset = 0, beforeId?: number) {
  let query = operatorBatches(db, f)
    .leftJoin('plans as p', 'p.gid', 'b.grant_gid')
    .leftJoin('tools as t', 't.code', 'b.grant_tool')
    .leftJoin('coupon_templates as ct', 'ct.id', 'b.grant_template')
    .select([
      'b.id',
      'b.name',
      'b.grant_kind',
      'b.grant_units',
      'b.count',
      'b.expires_at',
      'b.status',
      'b.created_at',
      'b.created_by',
      'b.downloaded_at',
      'p.name as plan_name',
      't.name as tool_name',
      'ct.name as coupon_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('cards as c')
        .select(eb.fn.countAll<number | string | bigint>().as('n'))
        .whereRef('c.batch_id', '=', 'b.id')
        .where('c.status', '=', 'bound')
        .as('bound'),
    );
  if (beforeId !== undefined) query = query.where('b.id', '<', beforeId);
  return query.orderBy('b.id', 'desc').limit(limit).offset(offset).execute();
}

export type OperatorBatchRow = Awaited<ReturnType<typeof listOperatorBatches>>[number];

export async function countOperatorBatches(db: Db, f: BatchFilter): Promise<number> {
  const row = await operatorBatches(db, f)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One operator batch (gift batches are their buyers'). */
export async function findOperatorBatch(db: Db, id: number): Promise<OperatorBatchRow | undefined> {
  const [row] = await listOperatorBatches(db, {}, 1, 0, id + 1);
  return row?.id === id ? row : undefined;
}
