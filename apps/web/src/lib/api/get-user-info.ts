// GET auth/info/: the logged-in user (SPEC.md §7).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, UserInfo } from '@uc/shared';
import { unwrap } from '../api-error';
import { http } from '../http';

export const USER_INFO_URL = 'auth/info/';

export async function getUserInfo(): Promise<UserInfo> {
  const res = await http.get<Envelope<UserInfo>>(USER_INFO_URL);
  return unwrap(res.data);
}

export const userInfoQueryOptions = () => queryOptions({ queryKey: ['auth', 'info'], queryFn: getUserInfo });

export function useUserInfo(enabled = true) {
  return useQuery({ ...userInfoQueryOptions(), enabled });
}
