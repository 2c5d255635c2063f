// DELETE /api/users/{id}/: removes a sub-account (its sessions end).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { invalidateTeam } from './keys';

const ENDPOINT = endpoint<null>()('DELETE', ACCOUNT_API.user);

export async function deleteSubUser(id: number): Promise<void> {
  await call(ENDPOINT, { id });
}

export function useDeleteSubUser(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSubUser, onSuccess: () => invalidateTeam(client, userId) });
}
