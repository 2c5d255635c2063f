// GET /api/ccw/config/getConfig/: the member's push settings (HTTP 403 for trial users).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, type PushConfig, SUBSCRIBE_API } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { subscriptionKeys } from './keys';

const ENDPOINT = endpoint<PushConfig>()('GET', SUBSCRIBE_API.getConfig);

export function getPushConfig(): Promise<PushConfig> {
  return call(ENDPOINT, {});
}

export const pushConfigQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...subscriptionKeys.forUser(userId), 'config'],
    queryFn: getPushConfig,
  });

export function usePushConfig(userId: number, enabled: boolean) {
  return useQuery({ ...pushConfigQueryOptions(userId), enabled: enabled && userId > 0 });
}
