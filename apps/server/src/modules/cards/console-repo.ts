// SQL of the operator's card batches, for the console and `npm run cards`: the grant looked up in the catalogue, the
// batches with their filter and bound counts, and voiding one.
import type { Db } from '../../db/connection.js';
import { newestFirstList } from '../../db/listing.js';
import { containsText } from '../../lib/sql-contains.js';
import { batchesWithGrants, GRANT_COLUMNS, GRANT_NAMES } from './repo.js';

const BATCH_COLUMNS = [
  'b.id',
  'b.name',
  ...GRANT_COLUMNS,
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

/** Operator batches (`b`) of the filter, beside their grants (cards/repo.ts `batchesWithGrants`). */
function operatorBatches(db: Db, f: BatchFilter) {
  let query = batchesWithGrants(db).where('b.order_id', 'is', null);
  if (f.name) query = query.where(containsText('b.name', f.name));
  if (f.grantKind) query = query.where('b.grant_kind', '=', f.grantKind);
  if (f.status) query = query.where('b.status', '=', f.status);
  if (f.from) query = query.where('b.created_at', '>=', f.from);
  if (f.until) query = query.where('b.created_at', '<', f.until);
  return query;
}

/**
 * Operator batches with their grant's names and bound count, newest first (`beforeId` continues an export); one of
 * them by id (gift batches are their buyers').
 */
export const operatorBatchList = newestFirstList(
  operatorBatches,
  (query) =>
    query
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
        ...GRANT_NAMES,
      ])
      .select((eb) =>
        eb
          .selectFrom('cards as c')
          .select(eb.fn.countAll<number | string | bigint>().as('n'))
          .whereRef('c.batch_id', '=', 'b.id')
          .where('c.status', '=', 'bound')
          .as('bound'),
      ),
  'b.id',
);

export type OperatorBatchRow = Awaited<ReturnType<typeof operatorBatchList.rows>>[number];
