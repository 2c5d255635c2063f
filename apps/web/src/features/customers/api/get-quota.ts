// GET /api/ccw/customers/quota/: how many customers the member holds and may hold.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, type CustomerQuota, type Envelope } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { customerKeys } from './keys';

export async function getQuota(): Promise<CustomerQuota> {
  const res = await http.get<Envelope<CustomerQuota>>(CUSTOMER_BOOK_API.quota);
  return unwrap(res.data);
}

export const quotaQueryOptions = (userId: number) =>
  queryOptions({ queryKey: customerKeys.quota(userId), queryFn: getQuota });

export const useQuota = (userId: number) => useQuery({ ...quotaQueryOptions(userId), enabled: userId > 0 });
