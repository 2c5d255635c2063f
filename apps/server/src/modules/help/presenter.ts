// Help articles as the member and the console see them, and the plain text of an article's HTML (what the search
// and the excerpts read).
import {
  HELP_EXCERPT_CHARS,
  type HelpArticle,
  type HelpArticleItem,
  type HelpTopic,
  type StaffHelpArticle,
  type StaffHelpArticleItem,
} from '@uc/shared';
import { noticeText } from '../../db/migrations/notice-grams.js';
import type { HelpArticleRow } from '../../db/schema.js';

/** The text of (sanitized) HTML on one line: what the search and the excerpts read. */
export const plainTextOf = (html: string): string => noticeText(html).replace(/\s+/g, ' ');

/** The first characters of the text, or (with `q`) those around its first match; '…' where it was cut. */
export function excerptOf(plain: string, q?: string): string {
  const chars = [...plain];
  let start = 0;
  if (q) {
    const at = plain.toLowerCase().indexOf(q.toLowerCase());
    // A code-unit index to a character index: the characters before it.
    if (at > 0) start = Math.max(0, [...plain.slice(0, at)].length - 20);
  }
  const cut = chars.slice(start, start + HELP_EXCERPT_CHARS).join('');
  return `${start > 0 ? '…' : ''}${cut}${start + HELP_EXCERPT_CHARS < chars.length ? '…' : ''}`;
}

type ListedRow = Pick<HelpArticleRow, 'id' | 'topic' | 'title' | 'plain' | 'updated_at'>;

export const toHelpArticleItem = (row: ListedRow, q?: string): HelpArticleItem => ({
  id: row.id,
  topic: row.topic as HelpTopic,
  title: row.title,
  excerpt: excerptOf(row.plain, q),
  updated_at: row.updated_at,
});

export const toHelpArticle = (
  row: Pick<HelpArticleRow, 'id' | 'topic' | 'title' | 'content' | 'updated_at'>,
): HelpArticle => ({
  id: row.id,
  topic: row.topic as HelpTopic,
  title: row.title,
  content: row.content,
  updated_at: row.updated_at,
});

export const toStaffHelpItem = (
  row: Pick<HelpArticleRow, 'id' | 'topic' | 'title' | 'published' | 'sort' | 'created_at' | 'updated_at'>,
): StaffHelpArticleItem => ({
  id: row.id,
  topic: row.topic as HelpTopic,
  title: row.title,
  published: row.published === 1,
  sort: row.sort,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const toStaffHelpArticle = (
  row: HelpArticleRow,
  removed: readonly string[] = [],
): StaffHelpArticle => ({
  ...toStaffHelpItem(row),
  content: row.content,
  removed: [...removed],
});
