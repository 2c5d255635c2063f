// Response shapes of the console's 内容: a policy item and a news article as the staff lists, forms and audit rows
// show them (the shared ContentItem and StaffNewsArticle).
import type { ContentItem, StaffNewsArticle } from '@uc/shared';
import { publicationState, shownPublishTime } from '../../lib/publication.js';
import type { ArticleRow } from './news-repo.js';
import type { ContentRow } from './repo.js';

export function toContentItem(row: ContentRow, now: string): ContentItem {
  return {
    id: row.id,
    type: row.type as ContentItem['type'],
    title: row.title,
    dept: row.dept_name,
    city: row.city_code,
    area: row.area_code,
    industry: row.industry_code,
    publish_at: shownPublishTime(row),
    end_at: row.end_time,
    state: publicationState(row, now),
    matched: row.dispatched_at ? Number(row.matched ?? 0) : null,
    withdrawn_at: row.withdrawn_at,
    withdraw_reason: row.withdraw_reason,
    doc_no: row.doc_no,
    source_url: row.source_url,
  };
}

/** The audit's picture of an item: its columns and state (no publication counters). */
export const auditShape = ({ matched: _m, ...item }: ContentItem) => item;

export function toArticle(row: ArticleRow, now: string): StaffNewsArticle {
  return {
    id: row.id,
    guid: row.guid,
    title: row.title,
    source: row.source,
    content: row.content,
    publish_at: shownPublishTime(row),
    state: publicationState(row, now),
    withdrawn_at: row.withdrawn_at,
    withdraw_reason: row.withdraw_reason,
  };
}
