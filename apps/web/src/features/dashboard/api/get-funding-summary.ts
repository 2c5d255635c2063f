// GET /tools/api/GetAmountSummaryByCompany/: funding per department (amount in 万元, number of records).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, type FundingSummaryRow, HOME_API } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { fundingKeys } from './funding-keys';

export async function getFundingSummary(): Promise<FundingSummaryRow[]> {
  const res = await http.get<Envelope<FundingSummaryRow[]>>(HOME_API.fundingSummary);
  return unwrap(res.data);
}

export const fundingSummaryQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...fundingKeys.all(userId), 'summary'], queryFn: getFundingSummary });

export function useFundingSummary(userId: number, enabled: boolean) {
  return useQuery({ ...fundingSummaryQueryOptions(userId), enabled: enabled && userId > 0 });
}
