// PUT /api/users/{id}/ (name?, mobile?, enabled?): edits a sub-account, or enables / disables it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type EditSubAccountBody, endpoint, type SubAccountItem } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { invalidateTeam } from './keys';

export interface UpdateSubUserRequest {
  id: number;
  body: EditSubAccountBody;
}

const ENDPOINT = endpoint<SubAccountItem, EditSubAccountBody>()('PUT', ACCOUNT_API.user);

export function updateSubUser({ id, body }: UpdateSubUserRequest): Promise<SubAccountItem> {
  return call(ENDPOINT, { id, input: body });
}

export function useUpdateSubUser(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateSubUser, onSuccess: () => invalidateTeam(client, userId) });
}
