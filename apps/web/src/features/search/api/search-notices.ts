// GET /api/ccw/search/?q=&type=&city=&dept=&from=&to=&open=&page=&size=: policy items, publicity and news found by
// any words of their title or body, title matches first, each hit highlighted by the server (escaped, <mark>).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, SEARCH_API, type SearchPage, type SearchQuery } from '@uc/shared';
import { call } from '../../../lib/http/http';

export type SearchRequest = SearchQuery & { page: number; size: number };

const ENDPOINT = endpoint<SearchPage, SearchRequest>()('GET', SEARCH_API.search);

export function searchNotices(request: SearchRequest): Promise<SearchPage> {
  return call(ENDPOINT, { input: request });
}

export const searchQueryOptions = (userId: number, request: SearchRequest) =>
  queryOptions({
    queryKey: ['search', userId, request],
    queryFn: () => searchNotices(request),
  });

/** The page of a search; nothing is asked while `request` is null (no words yet). */
export function useSearchNotices(userId: number, request: SearchRequest | null) {
  return useQuery({
    ...searchQueryOptions(userId, request ?? { q: '', page: 1, size: 10 }),
    enabled: request !== null && userId > 0,
    placeholderData: keepPreviousData,
  });
}
