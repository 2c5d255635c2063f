// GET /account/userhometj/GetPublicityNewsByCompanyMore/?page=&size=: the member's own publicity, paginated.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, HOME_API, type OwnPublicityItem, type PagedSuccess } from '@uc/shared';
import { http } from '../../../lib/http/http';

export interface PublicityMoreRequest {
  page: number;
  size: number;
}

export async function getPublicityMore(
  params: PublicityMoreRequest,
): Promise<PagedSuccess<OwnPublicityItem>> {
  const res = await http.get<Envelope<PagedSuccess<OwnPublicityItem>>>(HOME_API.publicityMore, { params });
  // data.success false comes with an empty list: the page shows 暂无数据 either way.
  return unwrap(res.data);
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
