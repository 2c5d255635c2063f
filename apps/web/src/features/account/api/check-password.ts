// POST /api/users/checkPassword/ (password, hashed): re-authentication by password; answers a one-time ticket.
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { ACCOUNT_API, type Envelope, type ReauthTicket } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { http } from '../../../lib/http/http';

export async function checkPassword(password: string): Promise<ReauthTicket> {
  const res = await http.post<Envelope<ReauthTicket>>(ACCOUNT_API.checkPassword, {
    password: await sha256Hex(password),
  });
  return unwrap(res.data);
}

export function useCheckPassword() {
  return useMutation({ mutationFn: checkPassword });
}
