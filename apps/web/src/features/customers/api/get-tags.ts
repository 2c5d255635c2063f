// GET /api/ccw/customers/tags/: the member's tags, each with how many customers carry it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, type CustomerTag, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { customerKeys } from './keys';

const ENDPOINT = endpoint<CustomerTag[]>()('GET', CUSTOMER_BOOK_API.tags);

export function getTags(): Promise<CustomerTag[]> {
  return call(ENDPOINT, {});
}

export const tagsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: customerKeys.tags(userId), queryFn: getTags });

export const useTags = (userId: number) => useQuery({ ...tagsQueryOptions(userId), enabled: userId > 0 });
