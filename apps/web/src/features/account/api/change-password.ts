// POST /api/users/rechange_passwd/ (oldpassword, newpassword, surepassword, encoded): the account's own password.
// The three are hashed here as at login; the answer is this session's fresh token (the other sessions ended).
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { ACCOUNT_API, type Envelope, type PasswordChanged } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { http } from '../../../lib/http/http';

export interface ChangePasswordRequest {
  /** Plain passwords as typed; hashed here, never sent as they are. */
  oldpassword: string;
  newpassword: string;
  surepassword: string;
}

export async function changePassword(request: ChangePasswordRequest): Promise<PasswordChanged> {
  const [oldpassword, newpassword, surepassword] = await Promise.all([
    sha256Hex(request.oldpassword),
    sha256Hex(request.newpassword),
    sha256Hex(request.surepassword),
  ]);
  const res = await http.post<Envelope<PasswordChanged>>(ACCOUNT_API.rechangePasswd, {
    oldpassword,
    newpassword,
    surepassword,
    encoded: true,
  });
  return unwrap(res.data);
}

/**
 * No invalidation here: the caller stores the fresh token first (a refetch with the old one would be refused), and
 * starting the new session empties the query cache anyway.
 */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
