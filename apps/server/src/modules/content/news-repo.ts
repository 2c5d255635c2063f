// SQL of the console's 新闻 tab: the articles by state, title and publish date (a withdrawn one dated by the publish
// time it had), one by id, insert, update and 撤回. Every insert and update of news is here; the members' reads are in
// modules/news.
import type { Expression, ExpressionBuilder, Insertable, SqlBool } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, NewsTable } from '../../db/schema.js';
import type { PublicationFilter, withdrawalOf } from '../../lib/publication.js';
import { containsText } from '../../lib/sql-contains.js';

const ARTICLE_COLUMNS = [
  'id',
  'guid',
  'title',
  'source',
  'content',
  'publish_time',
  'withdrawn_at',
  'withdraw_reason',
  'withdrawn_publish_time',
] as const;

type NewsEb = ExpressionBuilder<Database, 'news'>;

/** The time an article is listed by: a withdrawn one by the publish time it had. */
const shownTime = (eb: NewsEb) => eb.fn.coalesce('withdrawn_publish_time', 'publish_time');

function articleWhere(filter: PublicationFilter, now: string) {
  return (eb: NewsEb) => {
    const terms: Expression<SqlBool>[] = [];
    if (filter.title) terms.push(containsText('news.title', filter.title));
    if (filter.state === 'withdrawn') terms.push(eb('withdrawn_at', 'is not', null));
    if (filter.state === 'scheduled')
      terms.push(eb.and([eb('withdrawn_at', 'is', null), eb('publish_time', '>', now)]));
    if (filter.state === 'published')
      terms.push(eb.and([eb('withdrawn_at', 'is', null), eb('publish_time', '<=', now)]));
    if (filter.from) terms.push(eb(shownTime(eb), '>=', filter.from));
    if (filter.to) terms.push(eb(shownTime(eb), '<', filter.to));
    return eb.and(terms);
  };
}

export function listArticles(db: Db, filter: PublicationFilter, now: string, limit: number, offset: number) {
  return db
    .selectFrom('news')
    .select(ARTICLE_COLUMNS)
    .where(articleWhere(filter, now))
    .orderBy(shownTime, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countArticles(db: Db, filter: PublicationFilter, now: string): Promise<number> {
  const row = await db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(articleWhere(filter, now))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A batch of the list after `after` (keyset on the listed time and id, newest first), for the export. */
export function articleBatch(
  db: Db,
  filter: PublicationFilter,
  now: string,
  after: { shown: string; id: number } | undefined,
  limit: number,
) {
  return db
    .selectFrom('news')
    .select(ARTICLE_COLUMNS)
    .where(articleWhere(filter, now))
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb(shownTime(eb), '<', after?.shown ?? ''),
          eb.and([eb(shownTime(eb), '=', after?.shown ?? ''), eb('id', '<', after?.id ?? 0)]),
        ]),
      ),
    )
    .orderBy(shownTime, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type ArticleRow = Awaited<ReturnType<typeof listArticles>>[number];

export function findArticle(db: Db, id: number): Promise<ArticleRow | undefined> {
  return db.selectFrom('news').select(ARTICLE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type NewArticle = Omit<Insertable<NewsTable>, 'id'>;

export async function insertArticle(trx: Db, row: NewArticle): Promise<number> {
  const { id } = await trx.insertInto('news').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateArticle(
  trx: Db,
  id: number,
  changes: Partial<Pick<NewArticle, 'title' | 'source' | 'content' | 'publish_time'>>,
): Promise<void> {
  await trx.updateTable('news').set(changes).where('id', '=', id).execute();
}

/** 撤回: out of every member read (the lists and /news/detail show only publish_time <= now). */
export async function withdrawArticle(
  trx: Db,
  id: number,
  columns: ReturnType<typeof withdrawalOf>,
): Promise<void> {
  await trx.updateTable('news').set(columns).where('id', '=', id).execute();
}
