// GET /api/ccw/message/list/?page=&size=&status=&kind=: the account's messages, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  endpoint,
  INBOX_API,
  type InboxKind,
  type InboxMessage,
  type InboxStatus,
  type Page,
} from '@uc/shared';
import { call } from '../../../lib/http/http';
import { messageKeys } from './keys';

export interface MessageListRequest {
  page: number;
  size: number;
  /** Absent: all. */
  status?: InboxStatus;
  /** Absent: every kind. */
  kind?: InboxKind;
}

const ENDPOINT = endpoint<Page<InboxMessage>, MessageListRequest>()('GET', INBOX_API.list);

export function getMessageList(params: MessageListRequest): Promise<Page<InboxMessage>> {
  return call(ENDPOINT, { input: params });
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
