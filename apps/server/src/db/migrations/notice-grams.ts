// What the notice search index (migration 2026_11_29_0043_notice_search) holds of a policy item or a news article:
// its text without markup, its order key, and its search tokens. The migration and the writers of the index use this
// file, so it is frozen like them: a change would need a migration rebuilding the index.
import { nameGrams } from './name-grams.js';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  middot: '·',
  times: '×',
  copy: '©',
  reg: '®',
};

/** One character reference as its text (an unknown or invalid one stays as written). */
function decodeEntity(whole: string, name: string): string {
  if (name.startsWith('#')) {
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : whole;
  }
  return ENTITIES[name] ?? whole;
}

/** Elements whose end (or whose self) separates text: a paragraph, a cell, a line break. */
const BLOCK =
  /<\/?(p|div|br|li|ul|ol|tr|td|th|table|thead|tbody|h[1-6]|blockquote|pre|section|article|hr|figure|figcaption)\b[^>]*>/gi;

/**
 * A body's text as a reader sees it: HTML comments, scripts and styles dropped, blocks separated by a newline, other
 * tags removed, character references decoded, runs of blank space folded to one space or newline. Plain text (a news
 * article written before bodies were HTML) passes through with its lines.
 */
export function noticeText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(BLOCK, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, decodeEntity)
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();
}

/** ASCII letters lower-cased: how the index and the queries compare Latin letters. */
export const foldLatin = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** SQLite (FTS5): the text's character pairs in order, one 8-character token each (name-grams.ts). */
export const noticeTokens = (text: string): string => nameGrams(text).join(' ');

/** PostgreSQL: the text's distinct character pairs, Latin letters lower-cased (a GIN-indexed text[]). */
export function distinctGrams(text: string): string[] {
  const chars = [...foldLatin(text)];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i += 1) grams.add(`${chars[i]}${chars[i + 1]}`);
  return [...grams];
}

/** A notice of the index: a policy item or a news article. */
export type NoticeKind = 'policy' | 'news';

const EPOCH_2000_MS = Date.UTC(2000, 0, 1);
/** Room for the id under a minute: kind (1 bit) and id (26 bits, ids below 67,108,864). */
const ID_BITS = 2 ** 26;
const MINUTES_MAX = 2 ** 26 - 1;

/**
 * The order key of a notice: its publish minute since 2000 (UTC), then its kind and id, in one integer below 2^53
 * (a JavaScript number, SQLite's rowid, a PostgreSQL bigint). Newest first is the key descending, and a publish-date
 * range is a key range.
 */
export function noticeKey(kind: NoticeKind, id: number, publishTime: string): number {
  return minuteKey(publishTime) + (kind === 'news' ? ID_BITS : 0) + (id % ID_BITS);
}

/** The lowest key of a notice published at or after `at` (ISO). */
export function minuteKey(at: string): number {
  const ms = Date.parse(at);
  const minutes = Number.isFinite(ms) ? Math.floor((ms - EPOCH_2000_MS) / 60_000) : MINUTES_MAX;
  return Math.min(Math.max(minutes, 0), MINUTES_MAX) * 2 * ID_BITS;
}

/** A notice as the index holds it. */
export interface NoticeDoc {
  key: number;
  kind: NoticeKind;
  ref_id: number;
  /** 'sbtz' | 'gsgg' | 'zcdt' | 'news' */
  type: string;
  title: string;
  /** The body's text (no markup); a 公示公告's companies follow it. */
  body: string;
  /** The issuing department (a news article's source). */
  dept: string;
  city_code: string | null;
  area_code: string | null;
  publish_time: string;
  end_time: string | null;
  /** A news article's guid (its page), '' for a policy item. */
  guid: string;
}

export interface PolicySource {
  id: number;
  type: string;
  title: string;
  dept_name: string;
  city_code: string | null;
  area_code: string | null;
  publish_time: string;
  end_time: string | null;
  content: string | null;
  withdrawn_at: string | null;
}

export interface NewsSource {
  id: number;
  guid: string;
  title: string;
  source: string;
  content: string;
  publish_time: string;
  withdrawn_at: string | null;
}

export function policyDoc(row: PolicySource, companies: readonly string[]): NoticeDoc {
  const text = noticeText(row.content ?? '');
  return {
    key: noticeKey('policy', row.id, row.publish_time),
    kind: 'policy',
    ref_id: row.id,
    type: row.type,
    title: row.title,
    body: companies.length > 0 ? `${text}\n${companies.join('\n')}` : text,
    dept: row.dept_name,
    city_code: row.city_code,
    area_code: row.area_code,
    publish_time: row.publish_time,
    end_time: row.end_time,
    guid: '',
  };
}

export function newsDoc(row: NewsSource): NoticeDoc {
  return {
    key: noticeKey('news', row.id, row.publish_time),
    kind: 'news',
    ref_id: row.id,
    type: 'news',
    title: row.title,
    body: noticeText(row.content),
    dept: row.source,
    city_code: null,
    area_code: null,
    publish_time: row.publish_time,
    end_time: null,
    guid: row.guid,
  };
}

/** A deadline's Shanghai year and month (YYYY, YYYYMM). */
export function deadlineMonth(at: string): { year: string; month: string } {
  const local = new Date(Date.parse(at) + 8 * 3_600_000).toISOString();
  return { year: local.slice(0, 4), month: `${local.slice(0, 4)}${local.slice(5, 7)}` };
}

/**
 * The FTS5 tags column: the type, the city (c0 for a province-wide notice) and a deadline's year and month (so 申报中,
 * a deadline not passed, is a few tokens of the months to come), so these filters run inside the index.
 */
export function tagsOf(doc: Pick<NoticeDoc, 'type' | 'city_code' | 'end_time'>): string {
  const tags = `t${doc.type} c${doc.city_code ?? '0'}`;
  if (!doc.end_time || Number.isNaN(Date.parse(doc.end_time))) return tags;
  const { year, month } = deadlineMonth(doc.end_time);
  return `${tags} e${year} e${month}`;
}

/**
 * What the index stores of some documents, table by table: PostgreSQL's rows carry their pairs (`grams`,
 * `title_grams`); SQLite's pairs go into its two FTS5 tables, keyed by the document's key.
 */
export function indexRows(docs: readonly NoticeDoc[], postgres: boolean) {
  if (postgres)
    return {
      docs: docs.map((d) => ({
        ...d,
        grams: distinctGrams(`${d.title}\n${d.body}`),
        title_grams: distinctGrams(d.title),
      })),
      grams: [],
      titles: [],
    };
  return {
    docs: [...docs],
    grams: docs.map((d) => ({
      rowid: d.key,
      title: noticeTokens(d.title),
      body: noticeTokens(d.body),
      tags: tagsOf(d),
    })),
    titles: docs.map((d) => ({ rowid: d.key, title: noticeTokens(d.title), tags: tagsOf(d) })),
  };
}
