// POST /api/ccw/message/read/ { ids }: marks the account's messages read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, INBOX_API, type InboxChanged, type InboxIdsInput } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { messageKeys } from './keys';

const ENDPOINT = endpoint<InboxChanged, InboxIdsInput>()('POST', INBOX_API.read);

export function markRead(ids: readonly number[]): Promise<InboxChanged> {
  return call(ENDPOINT, { input: { ids: [...ids] } });
}

export function useMarkRead(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.forUser(userId) }),
  });
}
