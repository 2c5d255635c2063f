// GET /tools/api/GetPublicityListByUser/?page=&size=: the member's funding records, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, type FundingRow, HOME_API, type Page } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { fundingKeys } from './funding-keys';

export interface FundingListRequest {
  page: number;
  size: number;
}

const ENDPOINT = endpoint<Page<FundingRow>, FundingListRequest>()('GET', HOME_API.fundingList);

export function getFundingList(params: FundingListRequest): Promise<Page<FundingRow>> {
  return call(ENDPOINT, { input: params });
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
