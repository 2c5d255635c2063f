// GET /api/ccw/goods/pay/service/surplus/: the API calls bought, used and left.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiSurplus, COMMERCE_API, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { commerceKeys } from './keys';

const ENDPOINT = endpoint<ApiSurplus>()('GET', COMMERCE_API.surplus);

export function getSurplus(): Promise<ApiSurplus> {
  return call(ENDPOINT, {});
}

export const surplusQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...commerceKeys.forUser(userId), 'surplus'],
    queryFn: getSurplus,
    staleTime: 0,
  });

export function useSurplus(userId: number) {
  return useQuery({ ...surplusQueryOptions(userId), enabled: userId > 0 });
}
