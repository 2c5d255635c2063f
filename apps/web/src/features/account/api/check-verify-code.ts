// POST /api/users/checkVerifyCode/ (verifycode): re-authentication by an SMS code to the current mobile.
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_API, type Envelope, type ReauthTicket } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
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
