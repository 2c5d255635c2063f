// GET /api/ccw/apikeys/: the member's keys, revoked ones included.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_KEYS_API, type ApiKey, type Envelope } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { apiKeysKeys } from './keys';

export async function getApiKeys(): Promise<ApiKey[]> {
  const res = await http.get<Envelope<ApiKey[]>>(API_KEYS_API.keys);
  return unwrap(res.data);
}

export const apiKeysQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...apiKeysKeys.forUser(userId), 'keys'], queryFn: getApiKeys });

export function useApiKeys(userId: number) {
  return useQuery({ ...apiKeysQueryOptions(userId), enabled: userId > 0 });
}
