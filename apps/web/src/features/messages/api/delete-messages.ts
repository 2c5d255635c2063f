// POST /api/ccw/message/delete/ { ids }: deletes the account's messages.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, INBOX_API, type InboxChanged } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { messageKeys } from './keys';

export async function deleteMessages(ids: readonly number[]): Promise<InboxChanged> {
  const res = await http.post<Envelope<InboxChanged>>(INBOX_API.delete, { ids });
  return unwrap(res.data);
}

export function useDeleteMessages(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMessages,
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.forUser(userId) }),
  });
}
