// GET getCustomers/: one page of the member's customers with the list's filters and order.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CustomerItem, type CustomersExportQuery, endpoint, HOME_API, type Page } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { customerKeys } from './keys';

export type CustomersRequest = CustomersExportQuery & { page: number; size: number };

const ENDPOINT = endpoint<Page<CustomerItem>, CustomersRequest>()('GET', HOME_API.customers);

export function getCustomers(params: CustomersRequest): Promise<Page<CustomerItem>> {
  return call(ENDPOINT, { input: params });
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
