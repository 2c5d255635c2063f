// GET /api/ccw/subscribe/getCusByPid/?pid=&mainid=&page=&size=: the member's customers a recommended project matches.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type CustomerItem, type Envelope, type Page, SUBSCRIBE_API } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { subParams } from './get-sub-list';
import { subscriptionKeys } from './keys';

export interface CusByPidRequest {
  pid: number;
  mainid?: number;
  page: number;
  size: number;
}

export async function getCusByPid(request: CusByPidRequest): Promise<Page<CustomerItem>> {
  const res = await http.get<Envelope<Page<CustomerItem>>>(SUBSCRIBE_API.cusByPid, {
    params: subParams(request),
  });
  return unwrap(res.data);
}

export const cusByPidQueryOptions = (userId: number, request: CusByPidRequest) =>
  queryOptions({
    queryKey: [...subscriptionKeys.forUser(userId), 'cusByPid', request],
    queryFn: () => getCusByPid(request),
  });

export function useCusByPid(userId: number, request: CusByPidRequest, enabled: boolean) {
  return useQuery({
    ...cusByPidQueryOptions(userId, request),
    enabled: enabled && userId > 0,
    placeholderData: keepPreviousData,
  });
}
