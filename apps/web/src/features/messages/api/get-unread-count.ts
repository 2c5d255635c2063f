// GET /api/ccw/message/unread-count/: the account's unread messages, in all and per kind (the header's bell).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, INBOX_API, type InboxUnreadCount } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { messageKeys } from './keys';

export async function getUnreadCount(): Promise<InboxUnreadCount> {
  const res = await http.get<Envelope<InboxUnreadCount>>(INBOX_API.unreadCount);
  return unwrap(res.data);
}

export const unreadCountQueryOptions = (userId: number) =>
  queryOptions({ queryKey: messageKeys.unreadCount(userId), queryFn: getUnreadCount });

export function useUnreadCount(userId: number) {
  return useQuery({ ...unreadCountQueryOptions(userId), enabled: userId > 0 });
}
