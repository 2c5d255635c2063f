// SQL of the notice search: the index (notice_search and its character pairs, migration 2026_11_29_0043) read a page
// at a time, newest first by the order key, within the member's visible window (published by now, never withdrawn:
// a withdrawn notice has no row). SQLite asks FTS5 for the phrase of each word's pairs (exact: pairs in order), the
// filters of type and city inside the same query (the tags column), and walks the rowids (keys) downwards; PostgreSQL
// checks each word with strpos on rows reached either by walking the key downwards (a word many notices hold) or from
// the GIN indexes of the pairs and tags (a rarer one, or what the walk's first rows did not hold). Writes go through
// db/notice-search-repo.ts (the writers' transactions).
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
import { createCache } from '../../lib/cache.js';

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
function openMonthTags(now: string): string[] {
  const { year, month } = deadlineMonth(now);
  const y = Number(year);
  const months = Array.from({ length: 13 - Number(month.slice(4)) }, (_, i) => {
    const m = Number(month.slice(4)) + i;
    return `e${year}${String(m).padStart(2, '0')}`;
  });
  return [...months, ...Array.from({ length: OPEN_YEARS }, (_, i) => `e${y + i + 1}`)];
}

/** The FTS5 query: every word (a phrase of its pairs; in the title or the body), and the tag filters. */
function ftsQuery(c: SearchCriteria): string {
  const tags: string[] = [];
  const type = c.open ? 'sbtz' : (c.type ?? (c.kind === 'news' ? 'news' : undefined));
  if (type) tags.push(`(tags : "t${type}")`);
  else if (c.kind === 'policy') tags.push('(tags : ("tsbtz" OR "tgsgg" OR "tzcdt"))');
  if (c.city) tags.push(`(tags : ("c${c.city}" OR "c0"))`);
  if (c.open)
    tags.push(
      `(tags : (${openMonthTags(c.now)
        .map((t) => `"${t}"`)
        .join(' OR ')}))`,
    );
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

// ------------------------------------------------------------------------------------------------- PostgreSQL

/**
 * Rows a search reads at most walking the order key downwards (newest first, each row checked with strpos), before it
 * asks the GIN indexes for the older rest. A word most notices hold is found in a few rows of the walk; the index
 * would have to read and sort every holder. A rarer one goes to the index at once (estimated from the statistics).
 */
const WALK_ROWS = 2_000;

/** How PostgreSQL reaches the rows (the answers are the same on every plan; tests compare them). */
export interface SearchPlan {
  /** Rows walked at most before the index is asked (0: always the index). */
  walkRows: number;
}

export const DEFAULT_PLAN: SearchPlan = { walkRows: WALK_ROWS };
/** How long the pairs' statistics (pg_stats, refreshed by ANALYZE) are kept before they are read again. */
const STATS_MS = 5 * 60_000;

/** Every word as written (the exact check): in the title, or in the title or the body. */
function pgExact(words: readonly string[], part: 'title' | 'any'): Expression<SqlBool> {
  const checks = words.map((raw) => {
    const w = foldLatin(raw);
    // A word with Latin letters is compared with the folded texts: the title folded here (it is short), the body's
    // folded copy (stored where folding changes it).
    const latin = /[a-z]/.test(w);
    const title = latin ? sql`translate(d.title, ${FOLD_FROM}, ${FOLD_TO})` : sql`d.title`;
    const body = latin ? sql`coalesce(d.body_folded, d.body)` : sql`d.body`;
    const inTitle = sql`strpos(${title}, ${w}) > 0`;
    return part === 'title' ? inTitle : sql`(${inTitle} or strpos(${body}, ${w}) > 0)`;
  });
  return sql<SqlBool>`(${sql.join(checks, sql` and `)})`;
}

/** The type of the criteria as a tag, and the kind's types. */
function typeTags(c: SearchCriteria): { all?: string[]; any?: string[] } {
  const type = c.open ? 'sbtz' : (c.type ?? (c.kind === 'news' ? 'news' : undefined));
  if (type) return { all: [`t${type}`] };
  return c.kind === 'policy' ? { any: ['tsbtz', 'tgsgg', 'tzcdt'] } : {};
}

/** What the GIN indexes answer: the words' pairs (of the title, or of the whole text) and the filters' tags. */
function pgIndexed(c: SearchCriteria, part: 'title' | 'any', grams: readonly string[]): Expression<SqlBool> {
  const column = part === 'title' ? sql.ref('d.title_grams') : sql.ref('d.grams');
  const conditions = [sql`${column} @> ${sql.val(grams)}::text[]`];
  const { all, any } = typeTags(c);
  if (all) conditions.push(sql`d.tags @> ${sql.val(all)}::text[]`);
  if (any) conditions.push(sql`d.tags && ${sql.val(any)}::text[]`);
  if (c.city) conditions.push(sql`d.tags && ${sql.val([`c${c.city}`, 'c0'])}::text[]`);
  if (c.open) conditions.push(sql`d.tags && ${sql.val(openMonthTags(c.now))}::text[]`);
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** How the rows are reached: walking the order key, or from the GIN indexes. */
type Path = 'walk' | 'index';

/**
 * The matches of a part within [from, below) of the criteria's key range, reached by `path`: the exact checks and
 * the filters on the row's columns, and on the index path the index's conditions too.
 */
function pgMatches(
  db: Db,
  c: SearchCriteria,
  part: MatchPart | 'any',
  path: 'walk' | { grams: readonly string[] },
  bounds: { from?: number | null; below?: number | null } = {},
) {
  const { low, high } = keyRange(c);
  const words = part === 'title' ? 'title' : 'any';
  let query = db
    .selectFrom('notice_search as d')
    .where('d.key', '>=', Math.max(low, bounds.from ?? low))
    .where('d.key', '<', Math.min(high, bounds.below ?? high));
  if (path !== 'walk') query = query.where(pgIndexed(c, words, path.grams));
  // The filters on the row's small columns before the words' checks: PostgreSQL tests a row's conditions in the
  // order written (they cost alike to the planner), and a row a filter turns away then costs no strpos over its body.
  if (c.open)
    query =
      path === 'walk'
        ? // The same test in a form the deadline's index does not serve: given that index, the planner read every
          // open notice of the walk's window and sorted them, checking each one's body, instead of walking newest
          // first and stopping at the page.
          query.where(sql<SqlBool>`coalesce(d.end_time, '') > ${c.now}`)
        : query.where('d.end_time', '>', c.now);
  const type = c.open ? 'sbtz' : c.type;
  if (type) query = query.where('d.type', '=', type);
  if (c.kind) query = query.where('d.kind', '=', c.kind);
  if (c.city)
    query = query.where((eb) => eb.or([eb('d.city_code', '=', c.city ?? ''), eb('d.city_code', 'is', null)]));
  if (c.dept) query = query.where(sql<SqlBool>`strpos(d.dept, ${c.dept}) > 0`);
  query = query.where(pgExact(c.words, words));
  if (part === 'rest') query = query.where(sql<SqlBool>`not ${pgExact(c.words, 'title')}`);
  return query;
}

/**
 * Runs a query on the path chosen. A walk has no condition an index other than the primary key serves; the index path
 * tells the planner to read the GIN indexes (its estimate of a pair's frequency can send a rare word to a walk of the
 * whole table, checking every row's pairs).
 */
async function onPath<T>(
  db: Db,
  path: Path,
  run: (db: Db, grams: readonly string[]) => Promise<T>,
  c: SearchCriteria,
  part: 'title' | 'any',
): Promise<T> {
  if (path === 'walk') return run(db, []);
  const grams = await indexGrams(db, c, part);
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(
      trx,
    );
    return run(trx, grams);
  });
}

/** Elements' frequencies in a column (pg_stats' most common elements), and the estimate for one not among them. */
interface ElementFrequencies {
  of: Map<string, number>;
  rest: number;
}

/** An element's estimated frequency in a column (1 when the column has no statistics). */
const frequencyOf = (f: ElementFrequencies | undefined, element: string) =>
  f ? (f.of.get(element) ?? f.rest) : 1;

/** The frequencies of the pairs and tags, as ANALYZE last sampled them (none before the first ANALYZE). */
async function readFrequencies(db: Db): Promise<Map<string, ElementFrequencies>> {
  const { rows } = await sql<{ attname: string; elems: string[] | null; freqs: number[] | null }>`
    select attname, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
      from pg_stats
     where schemaname = current_schema() and tablename = 'notice_search'
       and attname in ('grams', 'title_grams', 'tags')`.execute(db);
  const columns = new Map<string, ElementFrequencies>();
  for (const { attname, elems, freqs } of rows) {
    if (!elems || !freqs) continue;
    // The frequencies are followed by their minimum, maximum and the null elements' frequency; one not listed is
    // rarer than the minimum (half of it, as the planner assumes).
    columns.set(attname, {
      of: new Map(elems.map((e, i) => [e, Number(freqs[i])])),
      rest: Number(freqs[elems.length] ?? 0) / 2,
    });
  }
  return columns;
}

/** The frequencies per database, read again after STATS_MS; searches arriving together share one read. */
const frequencies = createCache<Db, Map<string, ElementFrequencies>>({
  now: () => new Date(),
  max: 8,
  ttlMs: STATS_MS,
  load: (db) => readFrequencies(db),
});
const pgFrequencies = (db: Db) => frequencies.fetch(db, undefined);

/** The estimated share of notices matching (an upper bound: the rarest pair's, times the filters' tags), or null. */
function density(columns: Map<string, ElementFrequencies>, c: SearchCriteria, part: 'title' | 'any') {
  const pairs = columns.get(part === 'title' ? 'title_grams' : 'grams');
  if (!pairs) return null;
  const tags = columns.get('tags');
  const sum = (list: readonly string[]) =>
    Math.min(
      1,
      list.reduce((n, e) => n + frequencyOf(tags, e), 0),
    );
  const { all, any } = typeTags(c);
  let share = Math.min(...c.words.flatMap((w) => distinctGrams(w)).map((g) => frequencyOf(pairs, g)));
  for (const t of all ?? []) share *= frequencyOf(tags, t);
  if (any) share *= sum(any);
  if (c.city) share *= sum([`c${c.city}`, 'c0']);
  if (c.open) share *= sum(openMonthTags(c.now));
  return share;
}

/**
 * The pairs the GIN index is asked for: the two rarest of the words' pairs (the candidates are checked with strpos,
 * so fewer pairs only add candidates, and the frequent pairs' long lists cost the most to read), or all of them
 * before the first ANALYZE.
 */
async function indexGrams(db: Db, c: SearchCriteria, part: 'title' | 'any'): Promise<string[]> {
  const grams = [...new Set(c.words.flatMap((w) => distinctGrams(w)))];
  const pairs = (await pgFrequencies(db)).get(part === 'title' ? 'title_grams' : 'grams');
  if (!pairs) return grams;
  return grams.sort((a, b) => frequencyOf(pairs, a) - frequencyOf(pairs, b)).slice(0, 2);
}

const floors = new WeakMap<SearchCriteria, Promise<number | null>>();

/**
 * Where the walk stops: the key of the WALK_ROWS-th newest notice of the range (from the primary key alone), or null
 * when the range holds fewer; read once per search (its counts and pages share the criteria).
 */
function walkFloor(db: Db, c: SearchCriteria, plan: SearchPlan): Promise<number | null> {
  const known = floors.get(c);
  if (known) return known;
  const floor = readFloor(db, c, plan);
  floors.set(c, floor);
  return floor;
}

async function readFloor(db: Db, c: SearchCriteria, plan: SearchPlan): Promise<number | null> {
  const { low, high } = keyRange(c);
  const row = await db
    .selectFrom('notice_search')
    .select('key')
    .where('key', '>=', low)
    .where('key', '<', high)
    .orderBy('key', 'desc')
    .offset(plan.walkRows - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.key) : null;
}

/** Whether a search that needs `rows` matches should walk: yes unless the statistics say they are too sparse. */
async function walks(
  db: Db,
  c: SearchCriteria,
  part: 'title' | 'any',
  rows: number,
  plan: SearchPlan,
): Promise<boolean> {
  if (plan.walkRows <= 0) return false;
  const share = density(await pgFrequencies(db), c, part);
  return share === null || rows / Math.max(share, 1e-9) <= plan.walkRows;
}

const ROW_COLUMNS = [
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
] as const;

type RowHead = Omit<NoticeRow, 'body'>;

async function pgRows(
  db: Db,
  c: SearchCriteria,
  part: MatchPart,
  limit: number,
  offset: number,
  plan: SearchPlan,
) {
  const page = (
    path: Path,
    bounds: { from?: number | null; below?: number | null },
    take: number,
    skip: number,
  ) =>
    onPath(
      db,
      path,
      (trx, grams) =>
        pgMatches(trx, c, part, path === 'walk' ? path : { grams }, bounds)
          .select(ROW_COLUMNS)
          .orderBy('d.key', 'desc')
          .limit(take)
          .offset(skip)
          .execute(),
      c,
      part === 'title' ? 'title' : 'any',
    ) as Promise<RowHead[]>;
  const need = offset + limit;
  if (!(await walks(db, c, part === 'title' ? 'title' : 'any', need, plan)))
    return page('index', {}, limit, offset);
  const floor = await walkFloor(db, c, plan);
  const walked = await page('walk', { from: floor }, need, 0);
  const rows = walked.slice(offset);
  if (walked.length === need || floor === null) return rows;
  const older = await page(
    'index',
    { below: floor },
    limit - rows.length,
    Math.max(0, offset - walked.length),
  );
  return [...rows, ...older];
}

async function pgCount(
  db: Db,
  c: SearchCriteria,
  part: 'title' | 'any',
  cap: number,
  plan: SearchPlan,
): Promise<number> {
  const count = async (path: Path, bounds: { from?: number | null; below?: number | null }, most: number) => {
    const row = await onPath(
      db,
      path,
      (trx, grams) =>
        trx
          .selectFrom(
            pgMatches(trx, c, part, path === 'walk' ? path : { grams }, bounds)
              .select(sql<number>`1`.as('one'))
              .limit(most)
              .as('m'),
          )
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      c,
      part,
    );
    return Number(row.n);
  };
  if (!(await walks(db, c, part, cap + 1, plan))) return count('index', {}, cap + 1);
  const floor = await walkFloor(db, c, plan);
  const walked = await count('walk', { from: floor }, cap + 1);
  if (walked > cap || floor === null) return walked;
  return walked + (await count('index', { below: floor }, cap + 1 - walked));
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
  plan: SearchPlan = DEFAULT_PLAN,
): Promise<NoticeRow[]> {
  const rows: RowHead[] = isPostgres(db)
    ? await pgRows(db, c, part, limit, offset, plan)
    : await sqliteMatches(db, c, part)
        .select(ROW_COLUMNS)
        // The FTS5 table's rowid (the key), which it walks in order without sorting.
        .orderBy(sql.ref('g.rowid'), 'desc')
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
  plan: SearchPlan = DEFAULT_PLAN,
): Promise<number> {
  if (isPostgres(db)) return pgCount(db, c, part, cap, plan);
  const fromIndex = await sqliteCount(db, c, part, cap);
  if (fromIndex !== null) return fromIndex;
  const row = await db
    .selectFrom(
      sqliteMatches(db, c, part)
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
