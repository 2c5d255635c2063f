// POST /api/ccw/apikeys/: a new key; the answer carries the whole key, this once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEYS_API, type ApiKeyCreated, type ApiKeyInput, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { apiKeysQueryOptions } from './get-api-keys';

const ENDPOINT = endpoint<ApiKeyCreated, ApiKeyInput>()('POST', API_KEYS_API.keys);

export function createApiKey(input: ApiKeyInput): Promise<ApiKeyCreated> {
  return call(ENDPOINT, { input });
}

export function useCreateApiKey(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQueryOptions(userId).queryKey }),
  });
}
