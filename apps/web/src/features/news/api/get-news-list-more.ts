// GET /account/userhometj/getnewslistmore/?page=&size=: the latest releases, a page at a time (data.success + list).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, HOME_API, type NewsItem, type PagedSuccess } from '@uc/shared';
import { http } from '../../../lib/http/http';

export interface NewsListMoreRequest {
  page: number;
  size: number;
}

export async function getNewsListMore(params: NewsListMoreRequest): Promise<PagedSuccess<NewsItem>> {
  const res = await http.get<Envelope<PagedSuccess<NewsItem>>>(HOME_API.newsListMore, { params });
  // data.success false comes with an empty list: the page shows 暂无数据 either way.
  return unwrap(res.data);
}

export const newsListMoreQueryOptions = (userId: number, params: NewsListMoreRequest) =>
  queryOptions({
    queryKey: ['news', userId, 'listMore', params],
    queryFn: () => getNewsListMore(params),
  });

export function useNewsListMore(userId: number, params: NewsListMoreRequest) {
  return useQuery({
    ...newsListMoreQueryOptions(userId, params),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
