// GET /api/ccw/subscribe/getMySubscribe/?size=: the newest projects the member subscribes to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, HOME_API, type SubscriptionItem } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export interface MySubscribeRequest {
  /** How many of the newest (1-100). */
  size: number;
}

export async function getMySubscribe(params: MySubscribeRequest): Promise<SubscriptionItem[]> {
  const res = await http.get<Envelope<SubscriptionItem[]>>(HOME_API.subscribeMine, { params });
  return unwrap(res.data);
}

export const mySubscribeQueryOptions = (userId: number, params: MySubscribeRequest) =>
  queryOptions({
    queryKey: [...dashboardKeys.forUser(userId), 'mySubscribe', params],
    queryFn: () => getMySubscribe(params),
  });

export function useMySubscribe(userId: number, params: MySubscribeRequest, enabled: boolean) {
  return useQuery({ ...mySubscribeQueryOptions(userId, params), enabled: enabled && userId > 0 });
}
