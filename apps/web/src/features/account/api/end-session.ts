// POST /api/users/sessions/{jti}/logout/: ends one of the account's other sessions (a device it is logged in on).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { securityQueryOptions } from './get-security';

const ENDPOINT = endpoint<null>()('POST', ACCOUNT_API.sessionLogout);

export async function endSession(jti: string): Promise<void> {
  await call(ENDPOINT, { id: jti });
}

export function useEndSession(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => client.invalidateQueries({ queryKey: securityQueryOptions(userId).queryKey }),
  });
}
