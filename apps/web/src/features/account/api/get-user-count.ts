// GET /api/user/count/: the sub-accounts in use and the plan's limit.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type Envelope, type SubAccountCount } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { accountKeys } from './keys';

export async function getUserCount(): Promise<SubAccountCount> {
  const res = await http.get<Envelope<SubAccountCount>>(ACCOUNT_API.userCount);
  return unwrap(res.data);
}

export const userCountQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...accountKeys.team(userId), 'count'], queryFn: getUserCount });

export function useUserCount(userId: number, enabled = true) {
  return useQuery({ ...userCountQueryOptions(userId), enabled: enabled && userId > 0 });
}
