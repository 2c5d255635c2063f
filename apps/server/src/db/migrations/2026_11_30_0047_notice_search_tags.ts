// PostgreSQL's notice search, made to walk newest first cheaply and to filter inside its index: the body and the
// pairs are stored out of line without compression (a candidate's body is checked with strpos; a compressed one cost
// four times as much to read), and each row gains `tags`, a GIN-indexed text[] of its type, city (c0 for a
// province-wide notice) and deadline months, the FTS5 tags column's tokens, so that a search filtered by type, city
// or 申报中 asks the index rather than every candidate; and `body_folded`, the body with its Latin letters
// lower-cased where that changes it (null otherwise), so that a word with letters is checked without folding every
// candidate's body per search (translate cost 20 times a plain strpos). Existing rows are rewritten (the new storage
// applies to new values), tagged and folded. SQLite is unchanged (its FTS5 tables carry the tags already).
// Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { tagsOf } from './notice-grams.js';

const BATCH = 500;
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

interface Row {
  key: string | number;
  type: string;
  city_code: string | null;
  end_time: string | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table notice_search alter column body set storage external, alter column grams set storage external`.execute(
    db,
  );
  await sql`alter table notice_search add column tags text[] not null default '{}', add column body_folded text`.execute(
    db,
  );
  await sql`alter table notice_search alter column body_folded set storage external`.execute(db);
  for (let after: string | number = -1; ; ) {
    const { rows } = await sql<Row>`
      select key, type, city_code, end_time from notice_search where key > ${after} order by key limit ${BATCH}`.execute(
      db,
    );
    if (rows.length === 0) break;
    // `|| ''` makes a new value, stored the new way; the tags as the writers write them.
    await sql`
      update notice_search n
         set body = n.body || '', grams = n.grams || '{}'::text[], tags = string_to_array(v.tags, ' '),
             body_folded = nullif(translate(n.body, ${UPPER}, ${LOWER}), n.body)
        from unnest(${rows.map((r) => String(r.key))}::bigint[], ${rows.map((r) => tagsOf(r))}::text[]) as v(key, tags)
       where n.key = v.key`.execute(db);
    after = rows[rows.length - 1]?.key ?? after;
  }
  await sql`create index notice_search_tags_gin on notice_search using gin (tags)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index notice_search_tags_gin`.execute(db);
  await sql`alter table notice_search drop column tags, drop column body_folded`.execute(db);
  await sql`alter table notice_search alter column body set storage extended, alter column grams set storage extended`.execute(
    db,
  );
}
