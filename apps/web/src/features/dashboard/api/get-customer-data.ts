// GET getCustomerdata/: the member's customer counts (docs/requirements.md §3 "Customer summary (fwskh)").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CustomerSummary, endpoint, HOME_API } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

const ENDPOINT = endpoint<CustomerSummary>()('GET', HOME_API.customerData);

export function getCustomerData(): Promise<CustomerSummary> {
  return call(ENDPOINT, {});
}

export const customerDataQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...dashboardKeys.forUser(userId), 'customerData'], queryFn: getCustomerData });

export function useCustomerData(userId: number, enabled: boolean) {
  return useQuery({ ...customerDataQueryOptions(userId), enabled: enabled && userId > 0 });
}
