// GET getCustomers/: one page of the member's customers with the list's filters and order.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CustomerItem, type CustomersExportQuery, type Envelope, HOME_API, type Page } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { customerKeys } from './keys';

export type CustomersRequest = CustomersExportQuery & { page: number; size: number };

export async function getCustomers(params: CustomersRequest): Promise<Page<CustomerItem>> {
  const res = await http.get<Envelope<Page<CustomerItem>>>(HOME_API.customers, { params });
  return unwrap(res.data);
}

export const customersQueryOptions = (userId: number, params: CustomersRequest) =>
  queryOptions({
    queryKey: [...customerKeys.forUser(userId), 'list', params],
    queryFn: () => getCustomers(params),
  });

export function useCustomers(userId: number, params: CustomersRequest) {
  return useQuery({
    ...customersQueryOptions(userId, params),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
