// POST /api/users/updateTelphone/ (telphone, verifycode, ticket): binds a new mobile after re-authentication.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountProfile, endpoint, type UpdateTelphoneBody } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { accountKeys } from './keys';

const ENDPOINT = endpoint<AccountProfile, UpdateTelphoneBody>()('POST', ACCOUNT_API.updateTelphone);

export function updateTelphone(body: UpdateTelphoneBody): Promise<AccountProfile> {
  return call(ENDPOINT, { input: body });
}

export function useUpdateTelphone(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTelphone,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.forUser(userId) }),
  });
}
