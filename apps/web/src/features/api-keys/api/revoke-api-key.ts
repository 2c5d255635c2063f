// DELETE /api/ccw/apikeys/{id}/: revokes a key (the open API answers it 401 from then on).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEYS_API, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { apiKeysQueryOptions } from './get-api-keys';

const ENDPOINT = endpoint<null>()('DELETE', API_KEYS_API.key);

export async function revokeApiKey(id: number): Promise<void> {
  await call(ENDPOINT, { id });
}

export function useRevokeApiKey(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQueryOptions(userId).queryKey }),
  });
}
