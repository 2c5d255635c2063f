// POST /api/ccw/message/read-all/: marks every message of the account read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, INBOX_API, type InboxChanged } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { messageKeys } from './keys';

const ENDPOINT = endpoint<InboxChanged, Record<string, never>>()('POST', INBOX_API.readAll);

export function markAllRead(): Promise<InboxChanged> {
  return call(ENDPOINT, { input: {} });
}

export function useMarkAllRead(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.forUser(userId) }),
  });
}
