// The notice search: policy items and news found by any words, title matches first, then the newest, counted up to
// SEARCH_TOTAL_CAP. The index is written by the notices' writers inside their transactions (db/notice-search-repo.ts)
// and rebuilt by `npm run search -- rebuild`.
import {
  SEARCH_TOTAL_CAP,
  type SearchFilter,
  type SearchPage,
  searchWords,
  shanghaiDayBounds,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { indexWrites } from '../../db/notice-search-repo.js';
import { createCache } from '../../lib/cache.js';
import { offsetOf, type Paging } from '../../lib/paging.js';
import { toHit } from './presenter.js';
import {
  countMatches,
  DEFAULT_PLAN,
  matchRows,
  type NoticeRow,
  type SearchCriteria,
  type SearchPlan,
} from './repo.js';

interface SearchDeps {
  db: Db;
  now: () => Date;
  /** How PostgreSQL reaches the rows (tests compare the plans); the default otherwise. */
  plan?: SearchPlan;
}

/** The stored criteria of a member's query at `now`. */
export function criteriaOf(filter: Partial<SearchFilter> & { q: string }, now: Date): SearchCriteria {
  const { from, until } = shanghaiDayBounds(filter.from, filter.to);
  return {
    // Every word of two characters or more (the member's query allows no shorter one; the open API's keyword might).
    words: [...new Set(searchWords(filter.q))].filter((w) => [...w].length >= 2),
    type: filter.type,
    city: filter.city || undefined,
    dept: filter.dept || undefined,
    from,
    until,
    now: now.toISOString(),
    open: filter.open === '1',
  };
}

/**
 * The matches at `offset` (at most `limit`): the title matches first, then the rest, each newest first; the total
 * counted up to SEARCH_TOTAL_CAP (`capped` past it, and nothing is read past it). The title matches are not counted:
 * a page that holds fewer than it asked for says where they end, and only a page past their end asks how many there
 * are (up to its offset).
 */
export async function readMatches(
  db: Db,
  c: SearchCriteria,
  limit: number,
  offset: number,
  plan: SearchPlan,
  counted: (c: SearchCriteria) => Promise<number>,
): Promise<{ rows: NoticeRow[]; total: number; capped: boolean }> {
  const cap = SEARCH_TOTAL_CAP;
  if (c.words.length === 0) return { rows: [], total: 0, capped: false };
  const most = Math.min(limit, cap - offset);
  const [all, titled] = await Promise.all([
    counted(c),
    most > 0 ? matchRows(db, c, 'title', most, offset, plan) : Promise.resolve([]),
  ]);
  const total = Math.min(all, cap);
  const take = Math.max(0, Math.min(limit, total - offset));
  const rows = titled.slice(0, take);
  const more = take - rows.length;
  if (more > 0) {
    const titles =
      titled.length > 0 || offset === 0
        ? offset + titled.length
        : Math.min(offset, await countMatches(db, c, 'title', offset, plan));
    rows.push(...(await matchRows(db, c, 'rest', more, Math.max(0, offset - titles), plan)));
  }
  return { rows, total, capped: all > cap };
}

/**
 * How long a search's count serves the same words and filters within the same minute: paging through the matches, or
 * members asking the same, count them once. The list itself is read every time. Notices are found from the minute
 * after they are published, so a new one reaches the count with the minute; an edit or a withdrawal within the minute
 * may show in the count up to a minute late (docs/decisions.md "notice search").
 */
const COUNT_TTL_MS = 60_000;

/** The cache key of a search's count: its criteria at the minute, after the index's latest write in this process. */
const countKey = (c: SearchCriteria) =>
  JSON.stringify({ ...c, now: c.now.slice(0, 16), writes: indexWrites() });

export function createSearchService({ db, now, plan = DEFAULT_PLAN }: SearchDeps) {
  const counts = createCache<string, { n: number }, SearchCriteria>({
    now,
    max: 5_000,
    ttlMs: COUNT_TTL_MS,
    load: async (_key, c) => ({ n: await countMatches(db, c, 'any', SEARCH_TOTAL_CAP, plan) }),
  });
  const counted = async (c: SearchCriteria) => (await counts.fetch(countKey(c), c)).n;
  return {
    /** One page of the member's search. Past SEARCH_TOTAL_CAP matches the total stops and `capped` says so. */
    async search(filter: SearchFilter, paging: Paging): Promise<SearchPage> {
      const c = criteriaOf(filter, now());
      const { rows, total, capped } = await readMatches(db, c, paging.size, offsetOf(paging), plan, counted);
      return {
        list: rows.map((r) => toHit(r, c.words)),
        total,
        page: paging.page,
        size: paging.size,
        capped,
      };
    },

    /**
     * The notices of one kind matching a search, ids in its order, and their total (up to SEARCH_TOTAL_CAP): the open
     * API's `q` (policy-items: policy items; policies: news).
     */
    async ids(
      filter: { q: string; kind: 'policy' | 'news'; type?: string; city?: string; dept?: string },
      limit: number,
      offset: number,
    ): Promise<{ ids: number[]; total: number }> {
      const criteria = criteriaOf({ q: filter.q, city: filter.city, dept: filter.dept }, now());
      const c = { ...criteria, kind: filter.kind, type: filter.type };
      const { rows, total } = await readMatches(db, c, limit, offset, plan, counted);
      return { ids: rows.map((r) => r.ref_id), total };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
