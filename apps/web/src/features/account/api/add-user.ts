// POST /api/users/ (username, password, surepassword, name, mobile?): a new sub-account; the passwords are hashed here.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type AddSubAccountBody, endpoint, type SubAccountItem } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { call } from '../../../lib/http/http';
import { invalidateTeam } from './keys';

export interface AddUserRequest {
  username: string;
  /** Plain passwords as typed; hashed here. */
  password: string;
  surepassword: string;
  name: string;
  /** '' for none. */
  mobile: string;
}

const ENDPOINT = endpoint<SubAccountItem, AddSubAccountBody>()('POST', ACCOUNT_API.users);

export async function addUser(request: AddUserRequest): Promise<SubAccountItem> {
  const [password, surepassword] = await Promise.all([
    sha256Hex(request.password),
    sha256Hex(request.surepassword),
  ]);
  return call(ENDPOINT, {
    input: {
      username: request.username.trim(),
      password,
      surepassword,
      name: request.name.trim(),
      mobile: request.mobile.trim() || null,
    },
  });
}

export function useAddUser(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: addUser, onSuccess: () => invalidateTeam(client, userId) });
}
