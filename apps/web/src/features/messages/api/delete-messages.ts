// POST /api/ccw/message/delete/ { ids }: deletes the account's messages.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, INBOX_API, type InboxChanged, type InboxIdsInput } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { messageKeys } from './keys';

const ENDPOINT = endpoint<InboxChanged, InboxIdsInput>()('POST', INBOX_API.delete);

export function deleteMessages(ids: readonly number[]): Promise<InboxChanged> {
  return call(ENDPOINT, { input: { ids: [...ids] } });
}

export function useDeleteMessages(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMessages,
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.forUser(userId) }),
  });
}
