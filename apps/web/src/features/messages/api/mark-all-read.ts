// POST /api/ccw/message/read-all/: marks every message of the account read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, INBOX_API, type InboxChanged } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { messageKeys } from './keys';

export async function markAllRead(): Promise<InboxChanged> {
  const res = await http.post<Envelope<InboxChanged>>(INBOX_API.readAll, {});
  return unwrap(res.data);
}

export function useMarkAllRead(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.forUser(userId) }),
  });
}
