// POST /api/users/rechange_passwd/ (oldpassword, newpassword, surepassword, encoded): the account's own password.
// The three are hashed here as at login; the answer is this session's fresh token (the other sessions ended).
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_API, endpoint, type PasswordChanged, type RechangePasswdBody } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { call } from '../../../lib/http/http';

export interface ChangePasswordRequest {
  /** Plain passwords as typed; hashed here, never sent as they are. */
  oldpassword: string;
  newpassword: string;
  surepassword: string;
}

const ENDPOINT = endpoint<PasswordChanged, RechangePasswdBody>()('POST', ACCOUNT_API.rechangePasswd);

export async function changePassword(request: ChangePasswordRequest): Promise<PasswordChanged> {
  const [oldpassword, newpassword, surepassword] = await Promise.all([
    sha256Hex(request.oldpassword),
    sha256Hex(request.newpassword),
    sha256Hex(request.surepassword),
  ]);
  return call(ENDPOINT, { input: { oldpassword, newpassword, surepassword, encoded: true } });
}

/**
 * No invalidation here: the caller stores the fresh token first (a refetch with the old one would be refused), and
 * starting the new session empties the query cache anyway.
 */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
