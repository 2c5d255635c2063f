// GET getUserInfo/: who the member is; the dashboard reads the member's city, the scope of its policy counts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, HOME_API, type MemberUserInfo } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { dashboardKeys } from './keys';

const ENDPOINT = endpoint<MemberUserInfo>()('GET', HOME_API.userInfo);

export function getMemberUserInfo(): Promise<MemberUserInfo> {
  return call(ENDPOINT, {});
}

export const memberUserInfoQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...dashboardKeys.forUser(userId), 'userInfo'], queryFn: getMemberUserInfo });

export function useMemberUserInfo(userId: number, enabled: boolean) {
  return useQuery({ ...memberUserInfoQueryOptions(userId), enabled: enabled && userId > 0 });
}
