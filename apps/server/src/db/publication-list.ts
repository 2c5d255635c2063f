// The console's lists of rows published by time and withdrawn (lib/publication.ts: the policy items of 内容, the news
// articles of 新闻), read the same way: the filter on title, state and listed date, newest first by the time a row is
// listed by (a withdrawn one by the publish time it had), a page or its total, and the export's keyset batches.
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { PublicationFilter } from '../lib/publication.js';
import { containsText } from '../lib/sql-contains.js';
import type { Db } from './connection.js';
import { countRows } from './listing.js';

/** Where the export's previous batch ended: the listed time and id of its last row. */
export interface PublicationAfter {
  shown: string;
  id: number;
}

/**
 * The list of `table`'s rows read from `from` (the table, with what it joins, and the filter's conditions beyond the
 * publication's own) answering `columns`.
 */
export function publicationRows<
  F extends PublicationFilter,
  QD,
  QT extends keyof QD,
  D,
  T extends keyof D,
  R,
>(
  table: 'policy_items' | 'news',
  from: (db: Db, filter: F) => SelectQueryBuilder<QD, QT, object>,
  columns: (query: SelectQueryBuilder<QD, QT, object>) => SelectQueryBuilder<D, T, R>,
) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const shown = sql<string>`coalesce(${column('withdrawn_publish_time')}, ${column('publish_time')})`;
  const live = sql<SqlBool>`${column('withdrawn_at')} is null`;

  function filtered(db: Db, filter: F, now: string) {
    const all: Expression<SqlBool>[] = [];
    if (filter.title) all.push(containsText(`${table}.title`, filter.title));
    if (filter.state === 'withdrawn') all.push(sql<SqlBool>`${column('withdrawn_at')} is not null`);
    if (filter.state === 'scheduled') all.push(live, sql<SqlBool>`${column('publish_time')} > ${now}`);
    if (filter.state === 'published') all.push(live, sql<SqlBool>`${column('publish_time')} <= ${now}`);
    if (filter.from) all.push(sql<SqlBool>`${shown} >= ${filter.from}`);
    if (filter.to) all.push(sql<SqlBool>`${shown} < ${filter.to}`);
    return from(db, filter).where((eb) => eb.and(all));
  }

  const newestFirst = (query: SelectQueryBuilder<D, T, R>) =>
    query.orderBy(shown, 'desc').orderBy(column('id'), 'desc');

  return {
    /** A page of the filter's rows. */
    list: (db: Db, filter: F, now: string, limit: number, offset: number): Promise<R[]> =>
      newestFirst(columns(filtered(db, filter, now)))
        .limit(limit)
        .offset(offset)
        .execute(),

    count: (db: Db, filter: F, now: string): Promise<number> => countRows(filtered(db, filter, now)),

    /** A batch of the export after `after`. */
    batch(db: Db, filter: F, now: string, after: PublicationAfter | undefined, limit: number): Promise<R[]> {
      const query = columns(filtered(db, filter, now));
      const rest = after
        ? query.where(
            sql<SqlBool>`(${shown} < ${after.shown} or (${shown} = ${after.shown} and ${column('id')} < ${after.id}))`,
          )
        : query;
      return newestFirst(rest).limit(limit).execute();
    },
  };
}
