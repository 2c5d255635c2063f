// GET /api/ccw_crm/tools/customers/?q=: the member's customers whose name contains q (the picker, at most 20).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type CustomerItem, type Envelope, POLICY_TOOLS_API } from '@uc/shared';
import { http } from '../../../lib/http/http';

export async function searchCustomers(q: string): Promise<CustomerItem[]> {
  const res = await http.get<Envelope<CustomerItem[]>>(POLICY_TOOLS_API.customerSearch, { params: { q } });
  return unwrap(res.data);
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
