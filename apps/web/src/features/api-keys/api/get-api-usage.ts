// GET /api/ccw/apikeys/usage/: calls per day for 30 days, the last 100 calls and the package's balance.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_KEYS_API, type ApiUsage, type Envelope } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { apiKeysKeys } from './keys';

export async function getApiUsage(): Promise<ApiUsage> {
  const res = await http.get<Envelope<ApiUsage>>(API_KEYS_API.usage);
  return unwrap(res.data);
}

export const apiUsageQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...apiKeysKeys.forUser(userId), 'usage'], queryFn: getApiUsage });

export function useApiUsage(userId: number) {
  return useQuery({ ...apiUsageQueryOptions(userId), enabled: userId > 0 });
}
