// GET /api/ccw_crm/publicity/getPublicityList/?name=&page=&size=: every company's funding publicity, searched by name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, type Page, type PublicityItem, SUBSCRIBE_API } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { subParams } from './get-sub-list';
import { subscriptionKeys } from './keys';

export interface PublicityListRequest {
  name: string;
  page: number;
  size: number;
}

export async function getPublicityList(request: PublicityListRequest): Promise<Page<PublicityItem>> {
  const res = await http.get<Envelope<Page<PublicityItem>>>(SUBSCRIBE_API.publicityList, {
    params: subParams(request),
  });
  return unwrap(res.data);
}

export const publicityListQueryOptions = (userId: number, request: PublicityListRequest) =>
  queryOptions({
    queryKey: [...subscriptionKeys.forUser(userId), 'publicityList', request],
    queryFn: () => getPublicityList(request),
  });

export function usePublicityList(userId: number, request: PublicityListRequest, enabled: boolean) {
  return useQuery({
    ...publicityListQueryOptions(userId, request),
    enabled: enabled && userId > 0,
    placeholderData: keepPreviousData,
  });
}
