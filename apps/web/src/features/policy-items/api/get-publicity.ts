// GET /api/ccw/policy/publicity/?id=&q=&mine=&page=&size=: a 公示公告's 公示名单, the member's customers marked.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  endpoint,
  type Page,
  POLICY_ITEM_API,
  type PolicyPublicityQuery,
  type PublicityRow,
} from '@uc/shared';
import { call } from '../../../lib/http/http';
import { policyItemKeys } from './keys';

export interface PublicityRequest {
  id: number;
  /** Part of a company name or credit code; '' for all. */
  q: string;
  /** Only the member's customers. */
  mine: boolean;
  page: number;
  size: number;
}

const ENDPOINT = endpoint<Page<PublicityRow>, PolicyPublicityQuery & { page: number; size: number }>()(
  'GET',
  POLICY_ITEM_API.publicity,
);

export function getPublicity({ id, q, mine, page, size }: PublicityRequest): Promise<Page<PublicityRow>> {
  return call(ENDPOINT, {
    input: { id, page, size, ...(q ? { q } : {}), ...(mine ? { mine: '1' as const } : {}) },
  });
}

export const publicityQueryOptions = (userId: number, request: PublicityRequest) =>
  queryOptions({
    queryKey: [...policyItemKeys.forUser(userId), 'publicity', request],
    queryFn: () => getPublicity(request),
  });

export function usePublicity(userId: number, request: PublicityRequest) {
  return useQuery({
    ...publicityQueryOptions(userId, request),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
