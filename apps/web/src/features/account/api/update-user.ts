// POST /api/users/update_user/ (name): the contact name; the company name is read-only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountProfile, endpoint, type UpdateUserBody } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { profileQueryOptions } from './get-profile';

const ENDPOINT = endpoint<AccountProfile, UpdateUserBody>()('POST', ACCOUNT_API.updateUser);

export function updateUser(body: UpdateUserBody): Promise<AccountProfile> {
  return call(ENDPOINT, { input: body });
}

export function useUpdateUser(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (profile) => client.setQueryData(profileQueryOptions(userId).queryKey, profile),
  });
}
