// GET /api/users/security/: masked mobile and email, the last password change, the last 10 logins, the live
// sessions and the security history.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, endpoint, type SecurityState } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { accountKeys } from './keys';

const ENDPOINT = endpoint<SecurityState>()('GET', ACCOUNT_API.security);

export function getSecurity(): Promise<SecurityState> {
  return call(ENDPOINT, {});
}

export const securityQueryOptions = (userId: number) =>
  queryOptions({ queryKey: accountKeys.security(userId), queryFn: getSecurity, staleTime: 0 });

export function useSecurity(userId: number) {
  return useQuery({ ...securityQueryOptions(userId), enabled: userId > 0 });
}
