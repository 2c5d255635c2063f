// SQL of the notice search: the index (notice_search and its character pairs, migration 2026_11_29_0043) read a page
// at a time, newest first by the order key, within the member's visible window (published by now, never withdrawn:
// a withdrawn notice has no row). SQLite asks FTS5 for the phrase of each word's pairs (exact: pairs in order), the
// filters of type and city inside the same query (the tags column), and walks the rowids (keys) downwards; PostgreSQL
// asks the GIN index for the notices holding every pair of the words and checks each word with strpos. Writes go
// through db/notice-search-repo.ts (the writers' transactions).
import { type Expression, type SqlBool, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/connection.js';
import {
  deadlineMonth,
  distinctGrams,
  foldLatin,
  minuteKey,
  noticeTokens,
} from '../../db/migrations/notice-grams.js';
import { rebuildNoticeIndex } from '../../db/notice-search-repo.js';
import type { NoticeSearchTable } from '../../db/schema.js';

export { rebuildNoticeIndex };

export type NoticeRow = NoticeSearchTable;

/** What a search asks for: its words (each 2+ characters) and the filters, as stored values. */
export interface SearchCriteria {
  words: readonly string[];
  /** Only policy items, or only news (the open API's products). */
  kind?: 'policy' | 'news';
  type?: string;
  /** A city code: its notices and the province-wide ones. */
  city?: string;
  /** A fragment of the department. */
  dept?: string;
  /** Publish time bounds (ISO), [from, until). */
  from?: string;
  until?: string;
  /** Now (ISO): only notices published by then. */
  now: string;
  /** Only 申报通知 whose deadline is after now. */
  open?: boolean;
}

/** Which of the matches: those with every word in the title, or the rest. */
export type MatchPart = 'title' | 'rest';

const FOLD_FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const FOLD_TO = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The key range of the criteria's publish times, [low, high): published before the current minute (a notice is found
 * from the minute after its publish time), and within the dates (whole days, so whole minutes: exact).
 */
function keyRange(c: SearchCriteria): { low: number; high: number } {
  const high = Math.min(minuteKey(c.now), c.until ? minuteKey(c.until) : Number.MAX_SAFE_INTEGER);
  return { low: c.from ? minuteKey(c.from) : 0, high };
}

// ------------------------------------------------------------------------------------------------- SQLite (FTS5)

const phrase = (word: string) => `"${noticeTokens(word)}"`;

/** Years ahead a deadline is looked for (申报中): a later one is not a real deadline. */
const OPEN_YEARS = 10;

/** The tags of the deadlines from now on: the rest of this year's months, then the years to come. */
function openMonths(now: string): string[] {
  const { year, month } = deadlineMonth(now);
  const y = Number(year);
  const months = Array.from({ length: 13 - Number(month.slice(4)) }, (_, i) => {
    const m = Number(month.slice(4)) + i;
    return `"e${year}${String(m).padStart(2, '0')}"`;
  });
  return [...months, ...Array.from({ length: OPEN_YEARS }, (_, i) => `"e${y + i + 1}"`)];
}

/** The FTS5 query: every word (a phrase of its pairs; in the title or the body), and the tag filters. */
function ftsQuery(c: SearchCriteria): string {
  const tags: string[] = [];
  const type = c.open ? 'sbtz' : (c.type ?? (c.kind === 'news' ? 'news' : undefined));
  if (type) tags.push(`(tags : "t${type}")`);
  else if (c.kind === 'policy') tags.push('(tags : ("tsbtz" OR "tgsgg" OR "tzcdt"))');
  if (c.city) tags.push(`(tags : ("c${c.city}" OR "c0"))`);
  if (c.open) tags.push(`(tags : (${openMonths(c.now).join(' OR ')}))`);
  return [...c.words.map(phrase), ...tags].join(' AND ');
}

/** Every word in the title (SQLite's lower() folds ASCII letters only, as the index does). */
const inTitle = (c: SearchCriteria) =>
  sql.join(
    c.words.map((w) => sql`instr(lower(d.title), ${foldLatin(w)}) > 0`),
    sql` and `,
  );

function sqliteMatches(db: Db, c: SearchCriteria, part: MatchPart | 'any') {
  const { low, high } = keyRange(c);
  // The title matches from the titles' own small index; the others from the whole texts' one.
  const fts = part === 'title' ? 'notice_search_titles' : 'notice_search_grams';
  let query = db
    // Both tables have the rowid the join reads: one type serves them.
    .selectFrom(`${fts} as g` as 'notice_search_grams as g')
    .innerJoin('notice_search as d', 'd.key', 'g.rowid')
    .where(sql<SqlBool>`${sql.table(fts)} match ${ftsQuery(c)}`)
    .where('g.rowid', '>=', low)
    .where('g.rowid', '<', high);
  if (part === 'rest') query = query.where(sql<SqlBool>`not (${inTitle(c)})`);
  if (c.open) query = query.where('d.end_time', '>', c.now);
  if (c.dept) query = query.where(sql<SqlBool>`instr(d.dept, ${c.dept}) > 0`);
  return query;
}

/** SQLite: how many notices match, from the index alone when no filter needs the rows (department, deadline). */
async function sqliteCount(
  db: Db,
  c: SearchCriteria,
  part: 'title' | 'any',
  cap: number,
): Promise<number | null> {
  if (c.dept || c.open) return null;
  const { low, high } = keyRange(c);
  const fts = sql.table(part === 'title' ? 'notice_search_titles' : 'notice_search_grams');
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from (
      select 1 from ${fts} where ${fts} match ${ftsQuery(c)} and rowid >= ${low} and rowid < ${high} limit ${cap + 1}
    )`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

// ------------------------------------------------------------------------------------------------- PostgreSQL (GIN)

/** Every word in the text (title and body, or the title): its pairs in the GIN column, then the word itself. */
function pgWordsIn(c: SearchCriteria, part: MatchPart | 'any'): Expression<SqlBool> {
  const column = part === 'title' ? sql.ref('d.title_grams') : sql.ref('d.grams');
  const text = part === 'title' ? sql`d.title` : sql`d.title || chr(10) || d.body`;
  const grams = [...new Set(c.words.flatMap((w) => distinctGrams(w)))];
  // A two-character word is its one pair: the index answers it exactly.
  const longer = c.words.filter((w) => [...w].length > 2).map((w) => foldLatin(w));
  return sql<SqlBool>`(${column} @> ${sql.val(grams)}::text[]${sql.join(
    longer.map((w) => sql`and strpos(translate(${text}, ${FOLD_FROM}, ${FOLD_TO}), ${w}) > 0`),
    sql` `,
  )})`;
}

function pgMatches(db: Db, c: SearchCriteria, part: MatchPart | 'any') {
  const { low, high } = keyRange(c);
  let query = db
    .selectFrom('notice_search as d')
    .where('d.key', '>=', low)
    .where('d.key', '<', high)
    .where(part === 'title' ? pgWordsIn(c, 'title') : pgWordsIn(c, 'any'));
  if (part === 'rest') query = query.where(sql<SqlBool>`not ${pgWordsIn(c, 'title')}`);
  if (c.open) query = query.where('d.end_time', '>', c.now);
  const type = c.open ? 'sbtz' : c.type;
  if (type) query = query.where('d.type', '=', type);
  if (c.kind) query = query.where('d.kind', '=', c.kind);
  if (c.city)
    query = query.where((eb) => eb.or([eb('d.city_code', '=', c.city ?? ''), eb('d.city_code', 'is', null)]));
  if (c.dept) query = query.where(sql<SqlBool>`strpos(d.dept, ${c.dept}) > 0`);
  return query;
}

// ------------------------------------------------------------------------------------------------- both

/**
 * The matches of one part (the title matches, or the rest), newest first, at `offset`, at most `limit`; their bodies
 * are read apart, by key, for the page's rows only (read in the walk, SQLite read a body's pages for every row).
 */
export async function matchRows(
  db: Db,
  c: SearchCriteria,
  part: MatchPart,
  limit: number,
  offset: number,
): Promise<NoticeRow[]> {
  const query = isPostgres(db) ? pgMatches(db, c, part) : sqliteMatches(db, c, part);
  const rows = await query
    .select([
      'd.key',
      'd.kind',
      'd.ref_id',
      'd.type',
      'd.title',
      'd.dept',
      'd.city_code',
      'd.area_code',
      'd.publish_time',
      'd.end_time',
      'd.guid',
    ])
    // SQLite: the FTS5 table's rowid (the key), which it walks in order without sorting.
    .orderBy(isPostgres(db) ? sql.ref('d.key') : sql.ref('g.rowid'), 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  if (rows.length === 0) return [];
  const bodies = await db
    .selectFrom('notice_search')
    .select(['key', 'body'])
    .where(
      'key',
      'in',
      rows.map((r) => r.key),
    )
    .execute();
  const bodyOf = new Map(bodies.map((b) => [Number(b.key), b.body]));
  return rows.map((r) => ({ ...r, key: Number(r.key), body: bodyOf.get(Number(r.key)) ?? '' }));
}

/** How many matches there are (`any`), or title matches, counted up to `cap` + 1 (more than `cap` means "more"). */
export async function countMatches(
  db: Db,
  c: SearchCriteria,
  part: 'title' | 'any',
  cap: number,
): Promise<number> {
  const fromIndex = isPostgres(db) ? null : await sqliteCount(db, c, part, cap);
  if (fromIndex !== null) return fromIndex;
  const inner = (isPostgres(db) ? pgMatches(db, c, part) : sqliteMatches(db, c, part))
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  const row = await db
    .selectFrom(inner.as('m'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
