// GET /api/ccw/message/unread-count/: the account's unread messages, in all and per kind (the header's bell).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, INBOX_API, type InboxUnreadCount } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { messageKeys } from './keys';

const ENDPOINT = endpoint<InboxUnreadCount>()('GET', INBOX_API.unreadCount);

export function getUnreadCount(): Promise<InboxUnreadCount> {
  return call(ENDPOINT, {});
}

export const unreadCountQueryOptions = (userId: number) =>
  queryOptions({ queryKey: messageKeys.unreadCount(userId), queryFn: getUnreadCount });

export function useUnreadCount(userId: number) {
  return useQuery({ ...unreadCountQueryOptions(userId), enabled: userId > 0 });
}
