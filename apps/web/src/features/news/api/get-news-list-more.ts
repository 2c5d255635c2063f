// GET /account/userhometj/getnewslistmore/?page=&size=: the latest releases, a page at a time (data.success + list).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, HOME_API, type NewsItem, type PagedSuccess } from '@uc/shared';
import { call } from '../../../lib/http/http';

export interface NewsListMoreRequest {
  page: number;
  size: number;
}

const ENDPOINT = endpoint<PagedSuccess<NewsItem>, NewsListMoreRequest>()('GET', HOME_API.newsListMore);

/** data.success false comes with an empty list: the page shows 暂无数据 either way. */
export function getNewsListMore(params: NewsListMoreRequest): Promise<PagedSuccess<NewsItem>> {
  return call(ENDPOINT, { input: params });
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
