// Publishing by time, shared by the console's policy items and news articles: an item is 待发布 while its publish
// time is ahead, 已发布 once it has passed, 已撤回 once withdrawn. Withdrawing moves publish_time past every "now"
// (every member read shows only rows with publish_time <= now) and keeps the real one beside the reason.
import type { ContentState } from '@uc/shared';
import { shanghaiDayBounds } from '@uc/shared';

/** The publish time of a withdrawn row: after every "now", so every member read (publish_time <= now) drops it. */
export const WITHDRAWN_PUBLISH_TIME = '9999-12-31T00:00:00.000Z';

/** The columns a withdrawable row carries (migrations 0031 and 0033). */
export interface Withdrawable {
  publish_time: string;
  withdrawn_at: string | null;
  withdraw_reason: string | null;
  withdrawn_publish_time: string | null;
}

/** Where a row stands at `now` (ISO). */
export function publicationState(row: Withdrawable, now: string): ContentState {
  if (row.withdrawn_at) return 'withdrawn';
  return row.publish_time > now ? 'scheduled' : 'published';
}

/** The time a row is listed and shown by: a withdrawn one by the publish time it had. */
export const shownPublishTime = (row: Withdrawable): string => row.withdrawn_publish_time ?? row.publish_time;

/** The columns 撤回 writes: the sentinel publish time, and when, why and the time it had. */
export function withdrawalOf(row: Withdrawable, at: string, reason: string) {
  return {
    publish_time: WITHDRAWN_PUBLISH_TIME,
    withdrawn_at: at,
    withdraw_reason: reason,
    withdrawn_publish_time: row.publish_time,
  };
}

/** A console list's filter on title, state and Shanghai publish dates, as stored bounds: [from, to). */
export interface PublicationFilter {
  title?: string;
  state?: ContentState;
  from?: string;
  to?: string;
}

export function publicationFilter(query: {
  title?: string;
  state?: ContentState;
  from?: string;
  to?: string;
}): PublicationFilter {
  const { from, until } = shanghaiDayBounds(query.from, query.to);
  return { title: query.title, state: query.state, from, to: until };
}

/** An export's rows mapped as they are read. */
export async function* mapRows<T, U>(rows: AsyncIterable<T>, map: (row: T) => U): AsyncGenerator<U> {
  for await (const row of rows) yield map(row);
}
