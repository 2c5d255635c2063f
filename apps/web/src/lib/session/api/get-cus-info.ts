// GET /api/ccw/member/management/getCusInfo/: company name, sub-account flag, plan and expiry (docs/requirements.md §3).

import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import type { CusInfo, Envelope } from '@uc/shared';
import { http } from '../../http/http';

const CUS_INFO_URL = '/api/ccw/member/management/getCusInfo/';

export async function getCusInfo(): Promise<CusInfo> {
  const res = await http.get<Envelope<CusInfo>>(CUS_INFO_URL);
  return unwrap(res.data);
}

/** Keyed by user id so another account never sees a cached company. */
export const cusInfoQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['member', 'cusInfo', userId], queryFn: getCusInfo });

export function useCusInfo(userId: number, enabled = true) {
  return useQuery({ ...cusInfoQueryOptions(userId), enabled: enabled && userId > 0 });
}
