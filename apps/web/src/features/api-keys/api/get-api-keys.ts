// GET /api/ccw/apikeys/: the member's keys, revoked ones included.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_KEYS_API, type ApiKey, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { apiKeysKeys } from './keys';

const ENDPOINT = endpoint<ApiKey[]>()('GET', API_KEYS_API.keys);

export function getApiKeys(): Promise<ApiKey[]> {
  return call(ENDPOINT, {});
}

export const apiKeysQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...apiKeysKeys.forUser(userId), 'keys'], queryFn: getApiKeys });

export function useApiKeys(userId: number) {
  return useQuery({ ...apiKeysQueryOptions(userId), enabled: userId > 0 });
}
