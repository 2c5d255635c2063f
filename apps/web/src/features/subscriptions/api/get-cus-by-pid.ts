// GET /api/ccw/subscribe/getCusByPid/?pid=&mainid=&page=&size=: the member's customers a recommended project matches.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CustomerItem, endpoint, type Page, SUBSCRIBE_API } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { subParams } from './get-sub-list';
import { subscriptionKeys } from './keys';

export interface CusByPidRequest {
  pid: number;
  mainid?: number;
  page: number;
  size: number;
}

const ENDPOINT = endpoint<Page<CustomerItem>, Partial<CusByPidRequest>>()('GET', SUBSCRIBE_API.cusByPid);

export function getCusByPid(request: CusByPidRequest): Promise<Page<CustomerItem>> {
  return call(ENDPOINT, { input: subParams(request) });
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
