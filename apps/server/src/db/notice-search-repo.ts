// The write side of the notice search index (migration 2026_11_29_0043_notice_search): one row per findable policy
// item or news article in notice_search (its text without markup, its filters, its order key), and its tokens:
// SQLite's notice_search_grams and notice_search_titles (FTS5, contentless, rowid = the key), PostgreSQL's grams,
// title_grams and tags columns (GIN). Every writer of a notice calls indexNotices inside its own transaction, so the index never lags a write;
// the search module, the seed and the rebuild command all write through this file, which sits in db/ below them.
import { sql } from 'kysely';
import { type Db, isPostgres } from './connection.js';
import {
  foldLatin,
  indexRows,
  type NoticeDoc,
  type NoticeKind,
  newsDoc,
  type PolicySource,
  policyDoc,
  tagsOf,
} from './migrations/notice-grams.js';

/** Notices read and written per statement: under both databases' bound-parameter limits. */
const CHUNK = 200;

/** Writes of the index in this process so far: a search count kept from before one is not served after it. */
let writes = 0;
export const indexWrites = (): number => writes;

/** The 公示名单 companies of these 公示公告, by item. */
async function publicityCompanies(db: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  const byItem = new Map<number, string[]>();
  if (ids.length === 0) return byItem;
  const rows = await db
    .selectFrom('publicity_items')
    .select(['item_id', 'companyname'])
    .where('item_id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    if (r.item_id === null) continue;
    const list = byItem.get(r.item_id) ?? [];
    list.push(r.companyname);
    byItem.set(r.item_id, list);
  }
  return byItem;
}

/** The documents of these notices as stored now (a withdrawn or deleted one has none). */
async function docsOf(db: Db, kind: NoticeKind, ids: readonly number[]): Promise<NoticeDoc[]> {
  if (kind === 'news') {
    const rows = await db
      .selectFrom('news')
      .select(['id', 'guid', 'title', 'source', 'content', 'publish_time', 'withdrawn_at'])
      .where('id', 'in', ids)
      .execute();
    return rows.filter((r) => r.withdrawn_at === null).map(newsDoc);
  }
  const rows: PolicySource[] = await db
    .selectFrom('policy_items')
    .select([
      'id',
      'type',
      'title',
      'dept_name',
      'city_code',
      'area_code',
      'publish_time',
      'end_time',
      'content',
      'withdrawn_at',
    ])
    .where('id', 'in', ids)
    .execute();
  const live = rows.filter((r) => r.withdrawn_at === null);
  const companies = await publicityCompanies(
    db,
    live.filter((r) => r.type === 'gsgg').map((r) => r.id),
  );
  return live.map((r) => policyDoc(r, companies.get(r.id) ?? []));
}

async function removeDocs(db: Db, kind: NoticeKind, ids: readonly number[]): Promise<void> {
  if (!isPostgres(db)) {
    const keys = await db
      .selectFrom('notice_search')
      .select('key')
      .where('kind', '=', kind)
      .where('ref_id', 'in', ids)
      .execute();
    if (keys.length > 0) {
      const rowids = sql.join(keys.map((k) => k.key));
      await sql`delete from notice_search_grams where rowid in (${rowids})`.execute(db);
      await sql`delete from notice_search_titles where rowid in (${rowids})`.execute(db);
    }
  }
  await db.deleteFrom('notice_search').where('kind', '=', kind).where('ref_id', 'in', ids).execute();
}

async function insertDocs(db: Db, docs: readonly NoticeDoc[]): Promise<void> {
  if (docs.length === 0) return;
  const postgres = isPostgres(db);
  const rows = indexRows(docs, postgres);
  await db
    .insertInto('notice_search')
    // PostgreSQL: the filters' tokens and the folded body too (migration 2026_11_30_0047).
    .values(
      postgres
        ? rows.docs.map((d) => {
            const folded = foldLatin(d.body);
            return { ...d, tags: tagsOf(d).split(' '), body_folded: folded === d.body ? null : folded };
          })
        : rows.docs,
    )
    .execute();
  if (rows.grams.length > 0) await db.insertInto('notice_search_grams').values(rows.grams).execute();
  if (rows.titles.length > 0) await db.insertInto('notice_search_titles').values(rows.titles).execute();
}

/**
 * Brings the index in step with these notices as stored now: a published or scheduled one is (re)indexed, a withdrawn
 * or missing one removed. Call it inside the transaction that wrote them.
 */
export async function indexNotices(db: Db, kind: NoticeKind, ids: readonly number[]): Promise<void> {
  writes += 1;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const docs = await docsOf(db, kind, chunk);
    await removeDocs(db, kind, chunk);
    await insertDocs(db, docs);
  }
}

/** Indexes every policy item and news article (after a bulk insert: the seed), a batch at a time; returns how many. */
export async function indexAllNotices(db: Db, log: (line: string) => void = () => {}): Promise<number> {
  let indexed = 0;
  for (const table of ['policy_items', 'news'] as const) {
    const kind = table === 'news' ? 'news' : 'policy';
    for (let after = 0; ; ) {
      const ids = (
        await db.selectFrom(table).select('id').where('id', '>', after).orderBy('id').limit(CHUNK).execute()
      ).map((r) => r.id);
      if (ids.length === 0) break;
      await indexNotices(db, kind, ids);
      indexed += ids.length;
      after = ids[ids.length - 1] ?? after;
      if (indexed % 10_000 < CHUNK) log(`indexed ${indexed} notices`);
    }
  }
  return indexed;
}

/** Rebuilds the whole index from policy_items and news in one transaction (`npm run search -- rebuild`). */
export function rebuildNoticeIndex(db: Db, log?: (line: string) => void): Promise<number> {
  return db.transaction().execute(async (trx) => {
    writes += 1;
    await trx.deleteFrom('notice_search').execute();
    if (!isPostgres(trx)) {
      await sql`delete from notice_search_grams`.execute(trx);
      await sql`delete from notice_search_titles`.execute(trx);
    }
    return indexAllNotices(trx, log);
  });
}
