// DELETE /api/users/{id}/: removes a sub-account (its sessions end).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { ACCOUNT_API, type Envelope, fillPath } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { invalidateTeam } from './keys';

export async function deleteSubUser(id: number): Promise<void> {
  const res = await http.delete<Envelope<null>>(fillPath(ACCOUNT_API.user, id));
  unwrap(res.data);
}

export function useDeleteSubUser(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSubUser, onSuccess: () => invalidateTeam(client, userId) });
}
