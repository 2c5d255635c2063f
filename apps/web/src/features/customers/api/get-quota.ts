// GET /api/ccw/customers/quota/: how many customers the member holds and may hold.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, type CustomerQuota, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { customerKeys } from './keys';

const ENDPOINT = endpoint<CustomerQuota>()('GET', CUSTOMER_BOOK_API.quota);

export function getQuota(): Promise<CustomerQuota> {
  return call(ENDPOINT, {});
}

export const quotaQueryOptions = (userId: number) =>
  queryOptions({ queryKey: customerKeys.quota(userId), queryFn: getQuota });

export const useQuota = (userId: number) => useQuery({ ...quotaQueryOptions(userId), enabled: userId > 0 });
