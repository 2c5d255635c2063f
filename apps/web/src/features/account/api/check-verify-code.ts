// POST /api/users/checkVerifyCode/ (verifycode): re-authentication by an SMS code to the current mobile.
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { ACCOUNT_API, type Envelope, type ReauthTicket } from '@uc/shared';
import { http } from '../../../lib/http/http';

export async function checkVerifyCode(verifycode: string): Promise<ReauthTicket> {
  const res = await http.post<Envelope<ReauthTicket>>(ACCOUNT_API.checkVerifyCode, {
    verifycode: verifycode.trim(),
  });
  return unwrap(res.data);
}

export function useCheckVerifyCode() {
  return useMutation({ mutationFn: checkVerifyCode });
}
