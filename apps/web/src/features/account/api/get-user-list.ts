// GET /api/user/list/?name=&page=&size=: the main account's sub-accounts, searched by name, paged on the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type Envelope, type SubAccountPage } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { accountKeys } from './keys';

export interface UserListRequest {
  page: number;
  size: number;
  /** Part of a username or contact name; absent lists every sub-account. */
  name?: string;
}

export async function getUserList(params: UserListRequest): Promise<SubAccountPage> {
  const res = await http.get<Envelope<SubAccountPage>>(ACCOUNT_API.userList, { params });
  return unwrap(res.data);
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
