// GET /api/user/count/: the sub-accounts in use and the plan's limit.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, endpoint, type SubAccountCount } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { accountKeys } from './keys';

const ENDPOINT = endpoint<SubAccountCount>()('GET', ACCOUNT_API.userCount);

export function getUserCount(): Promise<SubAccountCount> {
  return call(ENDPOINT, {});
}

export const userCountQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...accountKeys.team(userId), 'count'], queryFn: getUserCount });

export function useUserCount(userId: number, enabled = true) {
  return useQuery({ ...userCountQueryOptions(userId), enabled: enabled && userId > 0 });
}
