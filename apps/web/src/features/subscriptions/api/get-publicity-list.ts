// GET /api/ccw_crm/publicity/getPublicityList/?name=&page=&size=: every company's funding publicity, searched by name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, type Page, type PublicityItem, SUBSCRIBE_API } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { subParams } from './get-sub-list';
import { subscriptionKeys } from './keys';

export interface PublicityListRequest {
  name: string;
  page: number;
  size: number;
}

const ENDPOINT = endpoint<Page<PublicityItem>, Partial<PublicityListRequest>>()(
  'GET',
  SUBSCRIBE_API.publicityList,
);

export function getPublicityList(request: PublicityListRequest): Promise<Page<PublicityItem>> {
  return call(ENDPOINT, { input: subParams(request) });
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
