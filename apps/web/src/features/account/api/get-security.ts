// GET /api/users/security/: masked mobile and email, the last password change, the last 10 logins, the live
// sessions and the security history.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type Envelope, type SecurityState } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { accountKeys } from './keys';

export async function getSecurity(): Promise<SecurityState> {
  const res = await http.get<Envelope<SecurityState>>(ACCOUNT_API.security);
  return unwrap(res.data);
}

export const securityQueryOptions = (userId: number) =>
  queryOptions({ queryKey: accountKeys.security(userId), queryFn: getSecurity, staleTime: 0 });

export function useSecurity(userId: number) {
  return useQuery({ ...securityQueryOptions(userId), enabled: userId > 0 });
}
