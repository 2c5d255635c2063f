// SQL over funding records (资助记录); amounts are integer hundredths of 万元.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { FundingRecordsTable } from '../../db/schema.js';

const ROW = ['id', 'project_name', 'dep_name', 'amount_hundredths'] as const;

/** A record as the list, the save and the edit return it. */
export type FundingRecordRow = Pick<Selectable<FundingRecordsTable>, (typeof ROW)[number]>;

export function listFunding(db: Db, memberId: number, limit: number, offset: number) {
  return db
    .selectFrom('funding_records')
    .select(ROW)
    .where('user_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countFunding(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('funding_records')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Per department: total hundredths and number of records, largest total first. */
export async function fundingByDepartment(db: Db, memberId: number) {
  const rows = await db
    .selectFrom('funding_records')
    .select((eb) => [
      'dep_name',
      eb.fn.sum<number | string>('amount_hundredths').as('total'),
      eb.fn.countAll().as('count'),
    ])
    .where('user_id', '=', memberId)
    .groupBy('dep_name')
    .orderBy('total', 'desc')
    .orderBy('dep_name')
    .execute();
  return rows.map((r) => ({ dep_name: r.dep_name, total: Number(r.total), count: Number(r.count) }));
}

export function findOwners(db: Db, ids: readonly number[]) {
  return db.selectFrom('funding_records').select(['id', 'user_id']).where('id', 'in', ids).execute();
}

export function insertFunding(
  db: Db,
  row: { user_id: number; project_name: string; dep_name: string; amount_hundredths: number; at: string },
) {
  const { at, ...values } = row;
  return db
    .insertInto('funding_records')
    .values({ ...values, created_at: at, updated_at: at })
    .returning(ROW)
    .executeTakeFirstOrThrow();
}

/** Updates a record of the member; undefined when it is not (or no longer) there. */
export function updateFunding(
  db: Db,
  memberId: number,
  id: number,
  values: { project_name: string; dep_name: string; amount_hundredths: number; at: string },
) {
  const { at, ...rest } = values;
  return db
    .updateTable('funding_records')
    .set({ ...rest, updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', memberId)
    .returning(ROW)
    .executeTakeFirst();
}

export async function deleteFunding(db: Db, memberId: number, ids: readonly number[]) {
  const result = await db
    .deleteFrom('funding_records')
    .where('id', 'in', ids)
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
