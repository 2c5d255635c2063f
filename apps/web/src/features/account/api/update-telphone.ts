// POST /api/users/updateTelphone/ (telphone, verifycode, ticket): binds a new mobile after re-authentication.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountProfile, type Envelope, type UpdateTelphoneBody } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { accountKeys } from './keys';

export async function updateTelphone(body: UpdateTelphoneBody): Promise<AccountProfile> {
  const res = await http.post<Envelope<AccountProfile>>(ACCOUNT_API.updateTelphone, body);
  return unwrap(res.data);
}

export function useUpdateTelphone(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTelphone,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.forUser(userId) }),
  });
}
