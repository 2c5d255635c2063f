// PUT /api/users/{id}/ (name?, mobile?, enabled?): edits a sub-account, or enables / disables it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import {
  ACCOUNT_API,
  type EditSubAccountBody,
  type Envelope,
  fillPath,
  type SubAccountItem,
} from '@uc/shared';
import { http } from '../../../lib/http/http';
import { invalidateTeam } from './keys';

export interface UpdateSubUserRequest {
  id: number;
  body: EditSubAccountBody;
}

export async function updateSubUser({ id, body }: UpdateSubUserRequest): Promise<SubAccountItem> {
  const res = await http.put<Envelope<SubAccountItem>>(fillPath(ACCOUNT_API.user, id), body);
  return unwrap(res.data);
}

export function useUpdateSubUser(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateSubUser, onSuccess: () => invalidateTeam(client, userId) });
}
