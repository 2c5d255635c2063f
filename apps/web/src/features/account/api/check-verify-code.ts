// POST /api/users/checkVerifyCode/ (verifycode): re-authentication by an SMS code to the current mobile.
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_API, type CheckVerifyCodeBody, endpoint, type ReauthTicket } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<ReauthTicket, CheckVerifyCodeBody>()('POST', ACCOUNT_API.checkVerifyCode);

export function checkVerifyCode(verifycode: string): Promise<ReauthTicket> {
  return call(ENDPOINT, { input: { verifycode: verifycode.trim() } });
}

export function useCheckVerifyCode() {
  return useMutation({ mutationFn: checkVerifyCode });
}
