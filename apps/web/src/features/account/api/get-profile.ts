// GET /api/users/profile/: the signed-in account's own data (contact name, company, email, masked mobile, avatar).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountProfile, type Envelope } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { accountKeys } from './keys';

export async function getProfile(): Promise<AccountProfile> {
  const res = await http.get<Envelope<AccountProfile>>(ACCOUNT_API.profile);
  return unwrap(res.data);
}

export const profileQueryOptions = (userId: number) =>
  queryOptions({ queryKey: accountKeys.profile(userId), queryFn: getProfile });

export function useProfile(userId: number) {
  return useQuery({ ...profileQueryOptions(userId), enabled: userId > 0 });
}
