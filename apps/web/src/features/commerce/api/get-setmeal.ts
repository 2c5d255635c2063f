// GET /account/userhometj/GetSetmeal/: the plan that applies to the member (name, level, expiry).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, HOME_STATS_API, type SetmealInfo } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { commerceKeys } from './keys';

const ENDPOINT = endpoint<SetmealInfo>()('GET', HOME_STATS_API.setmeal);

export function getSetmeal(): Promise<SetmealInfo> {
  return call(ENDPOINT, {});
}

export const setmealQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...commerceKeys.forUser(userId), 'setmeal'], queryFn: getSetmeal });

export function useSetmeal(userId: number, enabled = true) {
  return useQuery({ ...setmealQueryOptions(userId), enabled: enabled && userId > 0 });
}
