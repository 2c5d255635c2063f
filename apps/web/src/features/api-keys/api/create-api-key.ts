// POST /api/ccw/apikeys/: a new key; the answer carries the whole key, this once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEYS_API, type ApiKeyCreated, type ApiKeyInput, type Envelope } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { apiKeysQueryOptions } from './get-api-keys';

export async function createApiKey(input: ApiKeyInput): Promise<ApiKeyCreated> {
  const res = await http.post<Envelope<ApiKeyCreated>>(API_KEYS_API.keys, input);
  return unwrap(res.data);
}

export function useCreateApiKey(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQueryOptions(userId).queryKey }),
  });
}
