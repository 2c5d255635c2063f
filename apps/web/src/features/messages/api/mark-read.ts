// POST /api/ccw/message/read/ { ids }: marks the account's messages read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, INBOX_API, type InboxChanged } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { messageKeys } from './keys';

export async function markRead(ids: readonly number[]): Promise<InboxChanged> {
  const res = await http.post<Envelope<InboxChanged>>(INBOX_API.read, { ids });
  return unwrap(res.data);
}

export function useMarkRead(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.forUser(userId) }),
  });
}
