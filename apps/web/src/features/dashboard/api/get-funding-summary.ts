// GET /tools/api/GetAmountSummaryByCompany/: funding per department (amount in 万元, number of records).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, type FundingSummaryRow, HOME_API } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { fundingKeys } from './funding-keys';

const ENDPOINT = endpoint<FundingSummaryRow[]>()('GET', HOME_API.fundingSummary);

export function getFundingSummary(): Promise<FundingSummaryRow[]> {
  return call(ENDPOINT, {});
}

export const fundingSummaryQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...fundingKeys.all(userId), 'summary'], queryFn: getFundingSummary });

export function useFundingSummary(userId: number, enabled: boolean) {
  return useQuery({ ...fundingSummaryQueryOptions(userId), enabled: enabled && userId > 0 });
}
