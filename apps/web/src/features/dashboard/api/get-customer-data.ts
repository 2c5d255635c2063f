// GET getCustomerdata/: the member's customer counts (docs/requirements.md §3 "Customer summary (fwskh)").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CustomerSummary, type Envelope, HOME_API } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export async function getCustomerData(): Promise<CustomerSummary> {
  const res = await http.get<Envelope<CustomerSummary>>(HOME_API.customerData);
  return unwrap(res.data);
}

export const customerDataQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...dashboardKeys.forUser(userId), 'customerData'], queryFn: getCustomerData });

export function useCustomerData(userId: number, enabled: boolean) {
  return useQuery({ ...customerDataQueryOptions(userId), enabled: enabled && userId > 0 });
}
