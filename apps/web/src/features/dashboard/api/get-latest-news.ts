// GET /api/ccw/subscribe/getNews/?size=: the newest releases for the dashboard's scroller.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, HOME_API, type NewsItem } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export interface LatestNewsRequest {
  /** How many of the newest (1-100). */
  size: number;
}

const ENDPOINT = endpoint<NewsItem[], LatestNewsRequest>()('GET', HOME_API.subscribeNews);

export function getLatestNews(params: LatestNewsRequest): Promise<NewsItem[]> {
  return call(ENDPOINT, { input: params });
}

export const latestNewsQueryOptions = (userId: number, params: LatestNewsRequest) =>
  queryOptions({
    queryKey: [...dashboardKeys.forUser(userId), 'latestNews', params],
    queryFn: () => getLatestNews(params),
  });

export function useLatestNews(userId: number, params: LatestNewsRequest, enabled: boolean) {
  return useQuery({ ...latestNewsQueryOptions(userId, params), enabled: enabled && userId > 0 });
}
