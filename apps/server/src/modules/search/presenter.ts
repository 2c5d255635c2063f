// A hit as the search answers it (the shared SearchHit): the title and an excerpt of the body highlighted, and the
// member page that shows the notice.
import { MEMBER_APP_BASE, policyDetailLink, type SearchHit, type SearchType } from '@uc/shared';
import { excerpt, highlight } from './highlight.js';
import type { NoticeRow } from './repo.js';

/** The page of a notice: a policy item's detail, a news article's page. */
export const noticeUrl = (row: Pick<NoticeRow, 'kind' | 'ref_id' | 'guid'>): string =>
  row.kind === 'news'
    ? `/news/detail?guid=${encodeURIComponent(row.guid)}`
    : `${MEMBER_APP_BASE}${policyDetailLink(row.ref_id)}`;

export function toHit(row: NoticeRow, words: readonly string[]): SearchHit {
  return {
    type: row.type as SearchType,
    id: row.ref_id,
    title: row.title,
    title_html: highlight(row.title, words),
    excerpt_html: excerpt(row.body, words),
    dept: row.dept,
    publish_time: row.publish_time,
    end_time: row.end_time,
    url: noticeUrl(row),
  };
}
