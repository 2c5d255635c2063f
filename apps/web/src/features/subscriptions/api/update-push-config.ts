// POST /api/ccw/config/updateConfig/ (form): saves the push settings; lists go comma-separated.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, type PushConfig, type PushSettings, SUBSCRIBE_API } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { subscriptionKeys } from './keys';

const ENDPOINT = endpoint<PushConfig, PushSettings>()('POST', SUBSCRIBE_API.updateConfig, { body: 'form' });

export function updatePushConfig(settings: PushSettings): Promise<PushConfig> {
  return call(ENDPOINT, { input: settings });
}

export function useUpdatePushConfig(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePushConfig,
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.forUser(userId) }),
  });
}
