// POST /api/ccw/config/updateConfig/ (form): saves the push settings; lists go comma-separated.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, type PushConfig, type PushSettings, SUBSCRIBE_API } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { subscriptionKeys } from './keys';

export async function updatePushConfig(settings: PushSettings): Promise<PushConfig> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(settings))
    form.set(key, Array.isArray(value) ? value.join(',') : String(value));
  const res = await http.post<Envelope<PushConfig>>(SUBSCRIBE_API.updateConfig, form);
  return unwrap(res.data);
}

export function useUpdatePushConfig(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePushConfig,
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.forUser(userId) }),
  });
}
