// GET getUserInfo/: who the member is; the dashboard reads the member's city, the scope of its policy counts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Envelope, HOME_API, type MemberUserInfo } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

export async function getMemberUserInfo(): Promise<MemberUserInfo> {
  const res = await http.get<Envelope<MemberUserInfo>>(HOME_API.userInfo);
  return unwrap(res.data);
}

export const memberUserInfoQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...dashboardKeys.forUser(userId), 'userInfo'], queryFn: getMemberUserInfo });

export function useMemberUserInfo(userId: number, enabled: boolean) {
  return useQuery({ ...memberUserInfoQueryOptions(userId), enabled: enabled && userId > 0 });
}
