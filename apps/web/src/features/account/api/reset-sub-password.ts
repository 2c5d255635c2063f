// POST /api/users/{id}/reset_password/: a new random password for a sub-account, answered once in clear.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, endpoint, type ResetPasswordData } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { invalidateTeam } from './keys';

const ENDPOINT = endpoint<ResetPasswordData>()('POST', ACCOUNT_API.resetPassword);

export function resetSubPassword(id: number): Promise<ResetPasswordData> {
  return call(ENDPOINT, { id });
}

export function useResetSubPassword(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: resetSubPassword, onSuccess: () => invalidateTeam(client, userId) });
}
