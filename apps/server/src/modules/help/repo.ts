// SQL of the help centre: the published articles (searched by a fragment of the title or text) and the console's
// list, reads and writes of help_articles.
import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { countRows } from '../../db/listing.js';
import type { HelpArticleRow, HelpArticlesTable } from '../../db/schema.js';

/** At most this many articles answer one search (the help centre holds tens). */
export const HELP_LIST_MAX = 200;

/** `column` contains `text`, case-insensitively (PostgreSQL's LIKE is case-sensitive), wildcards escaped. */
function containsFolded(column: 'title' | 'plain', text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** The published articles of the topic (or all), those containing `q` in their title or text when given. */
export function publishedArticles(db: Db, filter: { q?: string; topic?: string }) {
  let query = db
    .selectFrom('help_articles')
    .select(['id', 'topic', 'title', 'plain', 'updated_at'])
    .where('published', '=', 1);
  if (filter.topic) query = query.where('topic', '=', filter.topic);
  const q = filter.q;
  if (q) query = query.where((eb) => eb.or([containsFolded('title', q), containsFolded('plain', q)]));
  return query.orderBy(sql`topic, sort, id`).limit(HELP_LIST_MAX).execute();
}

export function findPublishedArticle(db: Db, id: number) {
  return db
    .selectFrom('help_articles')
    .select(['id', 'topic', 'title', 'content', 'updated_at'])
    .where('id', '=', id)
    .where('published', '=', 1)
    .executeTakeFirst();
}

export interface StaffHelpFilter {
  topic?: string;
  title?: string;
  published?: 'true' | 'false';
}

function staffFiltered(db: Db, filter: StaffHelpFilter) {
  let query = db.selectFrom('help_articles');
  if (filter.topic) query = query.where('topic', '=', filter.topic);
  const title = filter.title;
  if (title) query = query.where(() => containsFolded('title', title));
  if (filter.published) query = query.where('published', '=', filter.published === 'true' ? 1 : 0);
  return query;
}

/** The console's list, by topic then sort. */
export const staffArticleRows = {
  rows: (db: Db, filter: StaffHelpFilter, limit: number, offset = 0) =>
    staffFiltered(db, filter)
      .select(['id', 'topic', 'title', 'published', 'sort', 'created_at', 'updated_at'])
      .orderBy(sql`topic, sort, id`)
      .limit(limit)
      .offset(offset)
      .execute(),
  count: (db: Db, filter: StaffHelpFilter) => countRows(staffFiltered(db, filter)),
};

export function findArticle(db: Db, id: number): Promise<HelpArticleRow | undefined> {
  return db.selectFrom('help_articles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertArticle(db: Db, row: Insertable<HelpArticlesTable>): Promise<number> {
  const inserted = await db.insertInto('help_articles').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateArticle(
  db: Db,
  id: number,
  values: Updateable<HelpArticlesTable>,
): Promise<void> {
  await db.updateTable('help_articles').set(values).where('id', '=', id).execute();
}

export async function deleteArticle(db: Db, id: number): Promise<void> {
  await db.deleteFrom('help_articles').where('id', '=', id).execute();
}
