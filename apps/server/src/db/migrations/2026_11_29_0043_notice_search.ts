// The notice search index: one row per findable policy item or news article (notice_search: its text without markup,
// what the filters read, and an order key of its publish minute), and the index of its character pairs so that any
// fragment of two characters or more of a title or body is found: on SQLite FTS5 tables of the pairs' tokens in
// order, one of titles and bodies and one of titles alone (a phrase query, rowid = the order key), on PostgreSQL GIN-indexed arrays of the distinct pairs of the whole
// text and of the title (a containment query, each candidate checked with strpos). Existing notices are indexed here.
// Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import {
  indexRows,
  type NewsSource,
  type NoticeDoc,
  newsDoc,
  type PolicySource,
  policyDoc,
} from './notice-grams.js';

const BATCH = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('notice_search')
    // SQLite: `integer primary key` is the rowid, the FTS5 table's rowid beside it.
    .addColumn('key', postgres ? 'bigint' : 'integer', (c) => c.primaryKey())
    // 'policy' | 'news'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    // 'sbtz' | 'gsgg' | 'zcdt' | 'news'
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('dept', 'text', (c) => c.notNull())
    .addColumn('city_code', 'text')
    .addColumn('area_code', 'text')
    .addColumn('publish_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text')
    .addColumn('guid', 'text', (c) => c.notNull())
    // Last: a row's other columns are read without touching the long text (SQLite's overflow pages).
    .addColumn('body', 'text', (c) => c.notNull())
    .$call((t) =>
      postgres
        ? t
            .addColumn('grams', sql`text[]`, (c) => c.notNull())
            .addColumn('title_grams', sql`text[]`, (c) => c.notNull())
        : t,
    )
    .execute();
  await db.schema
    .createIndex('notice_search_ref_uq')
    .unique()
    .on('notice_search')
    .columns(['kind', 'ref_id'])
    .execute();
  // 申报中: the deadlines after now.
  await db.schema.createIndex('notice_search_end_idx').on('notice_search').column('end_time').execute();
  if (postgres) {
    await sql`create index notice_search_grams_gin on notice_search using gin (grams)`.execute(db);
    await sql`create index notice_search_title_grams_gin on notice_search using gin (title_grams)`.execute(
      db,
    );
  } else {
    // The pairs of the title and the body (a phrase never spans the two), and of the title alone: the title
    // matches come first, and the small title index answers them without reading the bodies' long postings.
    await sql`create virtual table notice_search_grams using fts5(title, body, tags, content='', contentless_delete=1)`.execute(
      db,
    );
    await sql`create virtual table notice_search_titles using fts5(title, tags, content='', contentless_delete=1)`.execute(
      db,
    );
  }

  const any = db as Kysely<Record<string, Record<string, unknown>>>;
  const insert = async (docs: NoticeDoc[]) => {
    if (docs.length === 0) return;
    const rows = indexRows(docs, postgres);
    await any
      .insertInto('notice_search')
      .values(rows.docs as unknown as Record<string, unknown>[])
      .execute();
    if (rows.grams.length > 0) await any.insertInto('notice_search_grams').values(rows.grams).execute();
    if (rows.titles.length > 0) await any.insertInto('notice_search_titles').values(rows.titles).execute();
  };

  for (let after = 0; ; ) {
    const rows = (await any
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
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as unknown as PolicySource[];
    if (rows.length === 0) break;
    await insert(rows.filter((r) => r.withdrawn_at === null).map((r) => policyDoc(r, [])));
    after = rows[rows.length - 1]?.id ?? after;
  }
  for (let after = 0; ; ) {
    const rows = (await any
      .selectFrom('news')
      .select(['id', 'guid', 'title', 'source', 'content', 'publish_time', 'withdrawn_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as unknown as NewsSource[];
    if (rows.length === 0) break;
    await insert(rows.filter((r) => r.withdrawn_at === null).map(newsDoc));
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!postgres) {
    await sql`drop table notice_search_titles`.execute(db);
    await sql`drop table notice_search_grams`.execute(db);
  }
  await db.schema.dropTable('notice_search').execute();
}
