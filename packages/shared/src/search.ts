// 搜索: policy items (申报通知, 公示公告, 政策动态) and news in one list, found by any fragment of two characters or
// more of their title or body, with filters; each hit's title and excerpt highlighted (docs/decisions.md "notice
// search").
import { z } from 'zod';
import { textField } from './fields.js';
import { MSG } from './messages.js';
import { cityByCode } from './regions.js';

/** Paths of the search call (not in docs/requirements.md §7: the product's own). */
export const SEARCH_API = {
  /** GET SearchQuery & paging -> SearchPage (signed-in members). */
  search: '/api/ccw/search/',
} as const;

/** What a hit is: the three policy item types and news. */
export const SEARCH_TYPES = [
  { key: 'sbtz', name: '申报通知' },
  { key: 'gsgg', name: '公示公告' },
  { key: 'zcdt', name: '政策动态' },
  { key: 'news', name: '新闻' },
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number]['key'];
export const SEARCH_TYPE_KEYS = SEARCH_TYPES.map((t) => t.key) as [SearchType, ...SearchType[]];
export const searchTypeName = (key: string): string => SEARCH_TYPES.find((t) => t.key === key)?.name ?? key;

/** Shortest and longest search text, and most words (separated by spaces; every word must match). */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 50;
export const SEARCH_WORDS_MAX = 5;
/** Longest department fragment. */
export const SEARCH_DEPT_MAX = 30;
/** Hits counted and paged at most: past it the answer says `capped` (add a word to narrow it). */
export const SEARCH_TOTAL_CAP = 200;
/** Characters of body text around the first match. */
export const SEARCH_EXCERPT_CHARS = 120;

/** The words of a search text: split on blank space (ASCII or full-width), empties dropped. */
export const searchWords = (q: string): string[] => q.split(/[\s\u3000]+/).filter((w) => w.length > 0);

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const dateField = z
  .string({ error: MSG.searchDateInvalid })
  .regex(DATE, MSG.searchDateInvalid)
  // A real day: 2026-02-30 does not come back as itself.
  .refine((d) => {
    const at = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === d;
  }, MSG.searchDateInvalid)
  .optional();

/**
 * The search's own fields (the server adds page and size): `q` 2-50 characters, each word at least 2; `type` one
 * kind; `city` a city code (its notices and the province-wide ones); `dept` a fragment of the department (a news
 * article's source); `from` / `to` publish dates (Shanghai, inclusive); `open=1` only 申报通知 still open.
 */
export const searchQueryFields = {
  q: textField(SEARCH_QUERY_MAX, { error: MSG.searchQueryInvalid, tooLong: MSG.searchQueryInvalid })
    .trim()
    .refine((v) => [...v].length >= SEARCH_QUERY_MIN, MSG.searchQueryInvalid)
    .refine((v) => searchWords(v).every((w) => [...w].length >= 2), MSG.searchWordTooShort)
    .refine((v) => searchWords(v).length <= SEARCH_WORDS_MAX, MSG.searchWordsTooMany),
  type: z.enum(SEARCH_TYPE_KEYS, { error: MSG.searchTypeInvalid }).optional(),
  city: textField(12, { error: MSG.cityInvalid, tooLong: MSG.cityInvalid })
    .trim()
    .refine((c) => c === '' || cityByCode(c) !== undefined, MSG.cityInvalid)
    .optional(),
  dept: textField(SEARCH_DEPT_MAX, { error: MSG.departmentInvalid, tooLong: MSG.departmentInvalid })
    .trim()
    .optional(),
  from: dateField,
  to: dateField,
  open: z.enum(['0', '1'], { error: MSG.searchOpenInvalid }).optional(),
};

/** A search schema whose `from` is not after its `to` (the date range in order). */
export const inDateOrder = <T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) =>
  schema.refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: MSG.searchDateRangeInvalid,
    path: ['to'],
  });

export const searchQuery = inDateOrder(z.object(searchQueryFields));
export type SearchQuery = z.input<typeof searchQuery>;
export type SearchFilter = z.output<typeof searchQuery>;

/** One hit. */
export const searchHitSchema = z.object({
  type: z.enum(SEARCH_TYPE_KEYS),
  /** The policy item's or the news article's id. */
  id: z.number(),
  title: z.string(),
  /** The title as escaped text with each match wrapped in <mark>…</mark> (nothing else is markup). */
  title_html: z.string(),
  /** About SEARCH_EXCERPT_CHARS characters of the body around its first match (or its start), escaped, matches in <mark>. */
  excerpt_html: z.string(),
  /** The issuing department (a news article's source). */
  dept: z.string(),
  publish_time: z.string(),
  /** A 申报通知's deadline, else null. */
  end_time: z.string().nullable(),
  /** The member page that shows it. */
  url: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** A page of hits: title matches first, then the newest; `total` counts up to SEARCH_TOTAL_CAP, `capped` past it. */
export const searchPageSchema = z.object({
  list: z.array(searchHitSchema),
  total: z.number(),
  page: z.number(),
  size: z.number(),
  capped: z.boolean(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

const UNESCAPE: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
const unescapeText = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#\d{1,7});/g, (whole, e: string) =>
    e.startsWith('#')
      ? Number(e.slice(1)) <= 0x10ffff
        ? String.fromCodePoint(Number(e.slice(1)))
        : whole
      : (UNESCAPE[e] ?? whole),
  );

/**
 * A highlighted text (`title_html`, `excerpt_html`) as its pieces, each plain text with whether it is a match: what
 * a page renders as text nodes and <mark> elements, never as HTML.
 */
export function markedParts(html: string): { text: string; mark: boolean }[] {
  return html
    .split(/(<mark>[^<]*<\/mark>)/)
    .filter((piece) => piece.length > 0)
    .map((piece) =>
      piece.startsWith('<mark>')
        ? { text: unescapeText(piece.slice(6, -7)), mark: true }
        : { text: unescapeText(piece), mark: false },
    );
}
