// A policy item as a list shows it (the shared PolicyFeedItem): one mapper for every module that lists policy items.
import { type PolicyFeedItem, regionName } from '@uc/shared';
import type { Selectable } from 'kysely';
import type { PolicyItemsTable } from '../../db/schema.js';

/** A policy item as the lists read it (POLICY_ITEM_COLUMNS; the industry is not shown). */
export type FeedItemRow = Omit<Selectable<PolicyItemsTable>, 'industry_code'>;

export function toFeedItem(row: FeedItemRow): PolicyFeedItem {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    dept_name: row.dept_name,
    area_name: regionName(row.city_code, row.area_code),
    publish_time: row.publish_time,
    end_time: row.end_time,
  };
}
