// GET /api/ccw/subscribe/getNews/?size=: the newest releases for the dashboard's scroller.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, HOME_API, type NewsItem } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export interface LatestNewsRequest {
  /** How many of the newest (1-100). */
  size: number;
}

export async function getLatestNews(params: LatestNewsRequest): Promise<NewsItem[]> {
  const res = await http.get<Envelope<NewsItem[]>>(HOME_API.subscribeNews, { params });
  return unwrap(res.data);
}

export const latestNewsQueryOptions = (userId: number, params: LatestNewsRequest) =>
  queryOptions({
    queryKey: [...dashboardKeys.forUser(userId), 'latestNews', params],
    queryFn: () => getLatestNews(params),
  });

export function useLatestNews(userId: number, params: LatestNewsRequest, enabled: boolean) {
  return useQuery({ ...latestNewsQueryOptions(userId, params), enabled: enabled && userId > 0 });
}
