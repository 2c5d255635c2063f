// POST /api/users/update_user/ (name): the contact name; the company name is read-only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountProfile, type Envelope, type UpdateUserBody } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { profileQueryOptions } from './get-profile';

export async function updateUser(body: UpdateUserBody): Promise<AccountProfile> {
  const res = await http.post<Envelope<AccountProfile>>(ACCOUNT_API.updateUser, body);
  return unwrap(res.data);
}

export function useUpdateUser(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (profile) => client.setQueryData(profileQueryOptions(userId).queryKey, profile),
  });
}
