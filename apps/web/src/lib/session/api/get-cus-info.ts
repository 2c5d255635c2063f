// GET /api/ccw/member/management/getCusInfo/: company name, sub-account flag, plan and expiry (docs/requirements.md §3).

import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CusInfo, endpoint, HOME_API } from '@uc/shared';
import { call } from '../../http/http';

const ENDPOINT = endpoint<CusInfo>()('GET', HOME_API.cusInfo);

export function getCusInfo(): Promise<CusInfo> {
  return call(ENDPOINT, {});
}

/** Keyed by user id so another account never sees a cached company. */
export const cusInfoQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['member', 'cusInfo', userId], queryFn: getCusInfo });

export function useCusInfo(userId: number, enabled = true) {
  return useQuery({ ...cusInfoQueryOptions(userId), enabled: enabled && userId > 0 });
}
