// POST /api/users/avatar/ (multipart, one part `file`: PNG or JPEG, at most 2 MB): the account's new avatar.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type AvatarData, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { accountKeys } from './keys';

const ENDPOINT = endpoint<AvatarData, { file: Blob }>()('POST', ACCOUNT_API.avatar, { body: 'multipart' });

export function uploadAvatar(file: Blob): Promise<AvatarData> {
  return call(ENDPOINT, { input: { file } });
}

export function useUploadAvatar(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.forUser(userId) }),
  });
}
