// GET /api/ccw_crm/policy/match/customers/: one page of the member's customers matching an open policy item.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, POLICY_TOOLS_API, type PolicyCustomersResult } from '@uc/shared';
import { call } from '../../../lib/http/http';

export interface MatchCustomersRequest {
  id: number;
  status?: '完全匹配' | '部分匹配';
  page: number;
  size: number;
}

const ENDPOINT = endpoint<PolicyCustomersResult, MatchCustomersRequest>()(
  'GET',
  POLICY_TOOLS_API.matchCustomers,
);

export function getMatchCustomers(params: MatchCustomersRequest): Promise<PolicyCustomersResult> {
  return call(ENDPOINT, { input: params });
}

export const matchCustomersQueryOptions = (userId: number, params: MatchCustomersRequest) =>
  queryOptions({
    queryKey: ['policy-tools', userId, 'match-customers', params],
    queryFn: () => getMatchCustomers(params),
  });

export function useMatchCustomers(userId: number, params: MatchCustomersRequest | null) {
  return useQuery({
    ...matchCustomersQueryOptions(userId, params ?? { id: 0, page: 1, size: 10 }),
    enabled: userId > 0 && params !== null,
    placeholderData: keepPreviousData,
  });
}
