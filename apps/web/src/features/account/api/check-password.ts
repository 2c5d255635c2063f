// POST /api/users/checkPassword/ (password, hashed): re-authentication by password; answers a one-time ticket.
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_API, type CheckPasswordBody, endpoint, type ReauthTicket } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<ReauthTicket, CheckPasswordBody>()('POST', ACCOUNT_API.checkPassword);

export async function checkPassword(password: string): Promise<ReauthTicket> {
  return call(ENDPOINT, { input: { password: await sha256Hex(password) } });
}

export function useCheckPassword() {
  return useMutation({ mutationFn: checkPassword });
}
