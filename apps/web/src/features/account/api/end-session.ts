// POST /api/users/sessions/{jti}/logout/: ends one of the account's other sessions (a device it is logged in on).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { ACCOUNT_API, type Envelope, fillPath } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { securityQueryOptions } from './get-security';

export async function endSession(jti: string): Promise<void> {
  const res = await http.post<Envelope<null>>(fillPath(ACCOUNT_API.sessionLogout, jti));
  unwrap(res.data);
}

export function useEndSession(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => client.invalidateQueries({ queryKey: securityQueryOptions(userId).queryKey }),
  });
}
