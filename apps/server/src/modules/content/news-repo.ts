// SQL of the console's 新闻 tab: the articles by state, title and publish date (a withdrawn one dated by the publish
// time it had), one by id, insert, update and 撤回. Every insert and update of news is here; the members' reads are in
// modules/news.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { indexNotices } from '../../db/notice-search-repo.js';
import { publicationRows } from '../../db/publication-list.js';
import type { NewsTable } from '../../db/schema.js';
import type { withdrawalOf } from '../../lib/publication.js';

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

/** The console's list of articles (db/publication-list.ts). */
export const articleList = publicationRows(
  'news',
  (db) => db.selectFrom('news'),
  (query) => query.select(ARTICLE_COLUMNS),
);

export type ArticleRow = Awaited<ReturnType<typeof articleList.list>>[number];

export function findArticle(db: Db, id: number): Promise<ArticleRow | undefined> {
  return db.selectFrom('news').select(ARTICLE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type NewArticle = Omit<Insertable<NewsTable>, 'id'>;

export async function insertArticle(trx: Db, row: NewArticle): Promise<number> {
  const { id } = await trx.insertInto('news').values(row).returning('id').executeTakeFirstOrThrow();
  await indexNotices(trx, 'news', [id]);
  return id;
}

export async function updateArticle(
  trx: Db,
  id: number,
  changes: Partial<Pick<NewArticle, 'title' | 'source' | 'content' | 'publish_time'>>,
): Promise<void> {
  await trx.updateTable('news').set(changes).where('id', '=', id).execute();
  await indexNotices(trx, 'news', [id]);
}

/** 撤回: out of every member read (the lists and /news/detail show only publish_time <= now). */
export async function withdrawArticle(
  trx: Db,
  id: number,
  columns: ReturnType<typeof withdrawalOf>,
): Promise<void> {
  await trx.updateTable('news').set(columns).where('id', '=', id).execute();
  await indexNotices(trx, 'news', [id]);
}
