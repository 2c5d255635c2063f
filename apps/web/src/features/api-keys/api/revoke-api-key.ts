// DELETE /api/ccw/apikeys/{id}/: revokes a key (the open API answers it 401 from then on).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { API_KEYS_API, type Envelope, fillPath } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { apiKeysQueryOptions } from './get-api-keys';

export async function revokeApiKey(id: number): Promise<void> {
  const res = await http.delete<Envelope<null>>(fillPath(API_KEYS_API.key, id));
  unwrap(res.data);
}

export function useRevokeApiKey(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQueryOptions(userId).queryKey }),
  });
}
