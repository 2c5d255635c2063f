// GET /api/user/list/?name=&page=&size=: the main account's sub-accounts, searched by name, paged on the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, endpoint, type SubAccountPage } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { accountKeys } from './keys';

export interface UserListRequest {
  page: number;
  size: number;
  /** Part of a username or contact name; absent lists every sub-account. */
  name?: string;
}

const ENDPOINT = endpoint<SubAccountPage, UserListRequest>()('GET', ACCOUNT_API.userList);

export function getUserList(params: UserListRequest): Promise<SubAccountPage> {
  return call(ENDPOINT, { input: params });
}

export const userListQueryOptions = (userId: number, params: UserListRequest) =>
  queryOptions({
    queryKey: [...accountKeys.team(userId), 'list', params],
    queryFn: () => getUserList(params),
  });

export function useUserList(userId: number, params: UserListRequest, enabled = true) {
  return useQuery({
    ...userListQueryOptions(userId, params),
    enabled: enabled && userId > 0,
    placeholderData: keepPreviousData,
  });
}
