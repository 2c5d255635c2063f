// POST /api/users/{id}/reset_password/: a new random password for a sub-account, answered once in clear.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { ACCOUNT_API, type Envelope, fillPath, type ResetPasswordData } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { invalidateTeam } from './keys';

export async function resetSubPassword(id: number): Promise<ResetPasswordData> {
  const res = await http.post<Envelope<ResetPasswordData>>(fillPath(ACCOUNT_API.resetPassword, id));
  return unwrap(res.data);
}

export function useResetSubPassword(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: resetSubPassword, onSuccess: () => invalidateTeam(client, userId) });
}
