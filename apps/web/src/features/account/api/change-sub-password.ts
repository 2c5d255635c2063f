// POST /api/users/{id}/change-passwd/ (newpassword, surepassword, hashed here): a password the main account chooses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type ChangeSubPasswordBody, endpoint } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { call } from '../../../lib/http/http';
import { invalidateTeam } from './keys';

export interface ChangeSubPasswordRequest {
  id: number;
  /** Plain passwords as typed. */
  newpassword: string;
  surepassword: string;
}

const ENDPOINT = endpoint<null, ChangeSubPasswordBody>()('POST', ACCOUNT_API.changePasswd);

export async function changeSubPassword(request: ChangeSubPasswordRequest): Promise<void> {
  const [newpassword, surepassword] = await Promise.all([
    sha256Hex(request.newpassword),
    sha256Hex(request.surepassword),
  ]);
  await call(ENDPOINT, { id: request.id, input: { newpassword, surepassword } });
}

export function useChangeSubPassword(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeSubPassword, onSuccess: () => invalidateTeam(client, userId) });
}
