// GET /tools/api/GetPublicityListByUser/?page=&size=: the member's funding records, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, type FundingRow, HOME_API, type Page } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { fundingKeys } from './funding-keys';

export interface FundingListRequest {
  page: number;
  size: number;
}

export async function getFundingList(params: FundingListRequest): Promise<Page<FundingRow>> {
  const res = await http.get<Envelope<Page<FundingRow>>>(HOME_API.fundingList, { params });
  return unwrap(res.data);
}

export const fundingListQueryOptions = (userId: number, params: FundingListRequest) =>
  queryOptions({
    queryKey: [...fundingKeys.all(userId), 'list', params],
    queryFn: () => getFundingList(params),
  });

export function useFundingList(userId: number, params: FundingListRequest, enabled: boolean) {
  return useQuery({
    ...fundingListQueryOptions(userId, params),
    enabled: enabled && userId > 0,
    placeholderData: keepPreviousData,
  });
}
