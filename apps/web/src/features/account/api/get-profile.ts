// GET /api/users/profile/: the signed-in account's own data (contact name, company, email, masked mobile, avatar).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountProfile, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { accountKeys } from './keys';

const ENDPOINT = endpoint<AccountProfile>()('GET', ACCOUNT_API.profile);

export function getProfile(): Promise<AccountProfile> {
  return call(ENDPOINT, {});
}

export const profileQueryOptions = (userId: number) =>
  queryOptions({ queryKey: accountKeys.profile(userId), queryFn: getProfile });

export function useProfile(userId: number) {
  return useQuery({ ...profileQueryOptions(userId), enabled: userId > 0 });
}
