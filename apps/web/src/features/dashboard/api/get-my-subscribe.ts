// GET /api/ccw/subscribe/getMySubscribe/?size=: the newest projects the member subscribes to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, HOME_API, type SubscriptionItem } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export interface MySubscribeRequest {
  /** How many of the newest (1-100). */
  size: number;
}

const ENDPOINT = endpoint<SubscriptionItem[], MySubscribeRequest>()('GET', HOME_API.subscribeMine);

export function getMySubscribe(params: MySubscribeRequest): Promise<SubscriptionItem[]> {
  return call(ENDPOINT, { input: params });
}

export const mySubscribeQueryOptions = (userId: number, params: MySubscribeRequest) =>
  queryOptions({
    queryKey: [...dashboardKeys.forUser(userId), 'mySubscribe', params],
    queryFn: () => getMySubscribe(params),
  });

export function useMySubscribe(userId: number, params: MySubscribeRequest, enabled: boolean) {
  return useQuery({ ...mySubscribeQueryOptions(userId, params), enabled: enabled && userId > 0 });
}
