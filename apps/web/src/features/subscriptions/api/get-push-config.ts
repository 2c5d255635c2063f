// GET /api/ccw/config/getConfig/: the member's push settings (HTTP 403 for trial users).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, type PushConfig, SUBSCRIBE_API } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { subscriptionKeys } from './keys';

export async function getPushConfig(): Promise<PushConfig> {
  const res = await http.get<Envelope<PushConfig>>(SUBSCRIBE_API.getConfig);
  return unwrap(res.data);
}

export const pushConfigQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...subscriptionKeys.forUser(userId), 'config'],
    queryFn: getPushConfig,
  });

export function usePushConfig(userId: number, enabled: boolean) {
  return useQuery({ ...pushConfigQueryOptions(userId), enabled: enabled && userId > 0 });
}
