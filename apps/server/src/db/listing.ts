// The filtered lists of the console, all read the same way: the filter's rows newest first by their key, a page at an
// offset or the export's next batch after the last key it read (a keyset: a row added meanwhile moves nothing), the
// filter's total, and one row by its key whatever the filter.
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from './connection.js';

/** How many rows the query selects (it selects nothing yet: count(*) is its one column). */
export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const { n } = await query
    .select(sql<number | string | bigint>`count(*)`.as('n'))
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * A list of `filtered` rows (every field of its filter optional) answering `columns`, newest first by `key` (their id
 * column, as the query names it). `rows`: `limit` of them at `offset`, or with `beforeId` only those below it.
 */
export function newestFirstList<F, QD, QT extends keyof QD, D, T extends keyof D, R extends { id: number }>(
  filtered: (db: Db, filter: Partial<F>) => SelectQueryBuilder<QD, QT, object>,
  columns: (query: SelectQueryBuilder<QD, QT, object>) => SelectQueryBuilder<D, T, R>,
  key: string,
) {
  const ref = sql.ref(key);
  function rows(db: Db, filter: Partial<F>, limit: number, offset = 0, beforeId?: number): Promise<R[]> {
    const query = columns(filtered(db, filter));
    const after = beforeId === undefined ? query : query.where(ref, '<', beforeId);
    return after.orderBy(ref, 'desc').limit(limit).offset(offset).execute();
  }
  return {
    rows,
    count: (db: Db, filter: Partial<F>): Promise<number> => countRows(filtered(db, filter)),
    /** The row of the key, the first one below key + 1. */
    async byId(db: Db, id: number): Promise<R | undefined> {
      const [row] = await rows(db, {}, 1, 0, id + 1);
      return row?.id === id ? row : undefined;
    },
  };
}
