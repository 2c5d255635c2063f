// GET /account/userhometj/GetSetmeal/: the plan that applies to the member (name, level, expiry).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, HOME_STATS_API, type SetmealInfo } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { commerceKeys } from './keys';

export async function getSetmeal(): Promise<SetmealInfo> {
  const res = await http.get<Envelope<SetmealInfo>>(HOME_STATS_API.setmeal);
  return unwrap(res.data);
}

export const setmealQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...commerceKeys.forUser(userId), 'setmeal'], queryFn: getSetmeal });

export function useSetmeal(userId: number, enabled = true) {
  return useQuery({ ...setmealQueryOptions(userId), enabled: enabled && userId > 0 });
}
