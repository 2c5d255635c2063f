// GET /api/ccw/subscribe/getSubList/?activeName=&title=&mainid=&page=&size=: one tab of 我的订阅, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  endpoint,
  type Page,
  type PolicyFeedItem,
  type PublicityItem,
  type RecommendedProject,
  SUBSCRIBE_API,
  type SubTab,
} from '@uc/shared';
import { call } from '../../../lib/http/http';
import { subscriptionKeys } from './keys';

export interface SubListRequest {
  activeName: SubTab;
  title?: string;
  mainid?: number;
  page: number;
  size: number;
}

/** The rows of each tab. */
export interface SubRows {
  tjxm: RecommendedProject;
  wdgs: PublicityItem;
  dyxm: PolicyFeedItem;
  sbtz: PolicyFeedItem;
  gsgg: PolicyFeedItem;
  zcdt: PolicyFeedItem;
}
export type SubRow = SubRows[SubTab];

/** The query without empty values (the URL and the export send the same). */
export function subParams<T extends object>(request: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(request).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

const ENDPOINT = endpoint<Page<SubRow>, Partial<SubListRequest>>()('GET', SUBSCRIBE_API.subList);

export function getSubList(request: SubListRequest): Promise<Page<SubRow>> {
  return call(ENDPOINT, { input: subParams(request) });
}

export const subListQueryOptions = (userId: number, request: SubListRequest) =>
  queryOptions({
    queryKey: [...subscriptionKeys.forUser(userId), 'list', request],
    queryFn: () => getSubList(request),
  });

export function useSubList(userId: number, request: SubListRequest) {
  return useQuery({
    ...subListQueryOptions(userId, request),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
