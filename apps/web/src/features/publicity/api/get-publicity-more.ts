// GET /account/userhometj/GetPublicityNewsByCompanyMore/?page=&size=: the member's own publicity, paginated.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, HOME_API, type OwnPublicityItem, type PagedSuccess } from '@uc/shared';
import { call } from '../../../lib/http/http';

export interface PublicityMoreRequest {
  page: number;
  size: number;
}

const ENDPOINT = endpoint<PagedSuccess<OwnPublicityItem>, PublicityMoreRequest>()(
  'GET',
  HOME_API.publicityMore,
);

/** data.success false comes with an empty list: the page shows 暂无数据 either way. */
export function getPublicityMore(params: PublicityMoreRequest): Promise<PagedSuccess<OwnPublicityItem>> {
  return call(ENDPOINT, { input: params });
}

export const publicityMoreQueryOptions = (userId: number, params: PublicityMoreRequest) =>
  queryOptions({
    queryKey: ['publicity', userId, 'more', params],
    queryFn: () => getPublicityMore(params),
  });

export function usePublicityMore(userId: number, params: PublicityMoreRequest) {
  return useQuery({
    ...publicityMoreQueryOptions(userId, params),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
