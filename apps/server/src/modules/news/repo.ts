// SQL over the news (latest releases): lists by publish time and one article by its public guid.
import type { Db } from '../../db/connection.js';

export function listNews(db: Db, now: string, limit: number, offset = 0) {
  return db
    .selectFrom('news')
    .select(['id', 'title', 'publish_time', 'guid'])
    .where('publish_time', '<=', now)
    .orderBy('publish_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countNews(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('publish_time', '<=', now)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function findNewsByGuid(db: Db, guid: string, now: string) {
  return db
    .selectFrom('news')
    .select(['title', 'source', 'content', 'publish_time'])
    .where('guid', '=', guid)
    .where('publish_time', '<=', now)
    .executeTakeFirst();
}
