// GET /api/ccw/apikeys/usage/: calls per day for 30 days, the last 100 calls and the package's balance.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_KEYS_API, type ApiUsage, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { apiKeysKeys } from './keys';

const ENDPOINT = endpoint<ApiUsage>()('GET', API_KEYS_API.usage);

export function getApiUsage(): Promise<ApiUsage> {
  return call(ENDPOINT, {});
}

export const apiUsageQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...apiKeysKeys.forUser(userId), 'usage'], queryFn: getApiUsage });

export function useApiUsage(userId: number) {
  return useQuery({ ...apiUsageQueryOptions(userId), enabled: userId > 0 });
}
