// GET /api/ccw/message/list/?page=&size=&status=&kind=: the account's messages, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type Envelope,
  INBOX_API,
  type InboxKind,
  type InboxMessage,
  type InboxStatus,
  type Page,
} from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { messageKeys } from './keys';

export interface MessageListRequest {
  page: number;
  size: number;
  /** Absent: all. */
  status?: InboxStatus;
  /** Absent: every kind. */
  kind?: InboxKind;
}

export async function getMessageList(params: MessageListRequest): Promise<Page<InboxMessage>> {
  const res = await http.get<Envelope<Page<InboxMessage>>>(INBOX_API.list, { params });
  return unwrap(res.data);
}

export const messageListQueryOptions = (userId: number, params: MessageListRequest) =>
  queryOptions({
    queryKey: [...messageKeys.list(userId), params],
    queryFn: () => getMessageList(params),
  });

export function useMessageList(userId: number, params: MessageListRequest, enabled = true) {
  return useQuery({
    ...messageListQueryOptions(userId, params),
    enabled: enabled && userId > 0,
    placeholderData: keepPreviousData,
  });
}
