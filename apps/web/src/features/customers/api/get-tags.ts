// GET /api/ccw/customers/tags/: the member's tags, each with how many customers carry it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, type CustomerTag, type Envelope } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { customerKeys } from './keys';

export async function getTags(): Promise<CustomerTag[]> {
  const res = await http.get<Envelope<CustomerTag[]>>(CUSTOMER_BOOK_API.tags);
  return unwrap(res.data);
}

export const tagsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: customerKeys.tags(userId), queryFn: getTags });

export const useTags = (userId: number) => useQuery({ ...tagsQueryOptions(userId), enabled: userId > 0 });
