// GET /api/ccw/goods/pay/service/surplus/: the API calls bought, used and left.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiSurplus, COMMERCE_API, type Envelope } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { commerceKeys } from './keys';

export async function getSurplus(): Promise<ApiSurplus> {
  const res = await http.get<Envelope<ApiSurplus>>(COMMERCE_API.surplus);
  return unwrap(res.data);
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
