// POST /api/users/{id}/change-passwd/ (newpassword, surepassword, hashed here): a password the main account chooses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { ACCOUNT_API, type Envelope, fillPath } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { http } from '../../../lib/http/http';
import { invalidateTeam } from './keys';

export interface ChangeSubPasswordRequest {
  id: number;
  /** Plain passwords as typed. */
  newpassword: string;
  surepassword: string;
}

export async function changeSubPassword(request: ChangeSubPasswordRequest): Promise<void> {
  const [newpassword, surepassword] = await Promise.all([
    sha256Hex(request.newpassword),
    sha256Hex(request.surepassword),
  ]);
  const res = await http.post<Envelope<null>>(fillPath(ACCOUNT_API.changePasswd, request.id), {
    newpassword,
    surepassword,
  });
  unwrap(res.data);
}

export function useChangeSubPassword(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeSubPassword, onSuccess: () => invalidateTeam(client, userId) });
}
