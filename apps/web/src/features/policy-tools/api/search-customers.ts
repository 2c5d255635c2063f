// GET /api/ccw_crm/tools/customers/?q=: the member's customers whose name contains q (the picker, at most 20).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CustomerItem, endpoint, POLICY_TOOLS_API, type PolicySearchQuery } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<CustomerItem[], PolicySearchQuery>()('GET', POLICY_TOOLS_API.customerSearch);

export function searchCustomers(q: string): Promise<CustomerItem[]> {
  return call(ENDPOINT, { input: { q } });
}

export const searchCustomersQueryOptions = (userId: number, q: string) =>
  queryOptions({ queryKey: ['policy-tools', userId, 'customers', q], queryFn: () => searchCustomers(q) });

export function useSearchCustomers(userId: number, q: string) {
  return useQuery({
    ...searchCustomersQueryOptions(userId, q),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
