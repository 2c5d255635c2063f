// POST /api/users/avatar/ (multipart, one part `file`: PNG or JPEG, at most 2 MB): the account's new avatar.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { ACCOUNT_API, type AvatarData, type Envelope } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { accountKeys } from './keys';

export async function uploadAvatar(file: Blob): Promise<AvatarData> {
  const form = new FormData();
  form.append('file', file);
  // The browser writes the multipart boundary itself.
  const res = await http.post<Envelope<AvatarData>>(ACCOUNT_API.avatar, form, {
    headers: { 'Content-Type': undefined },
  });
  return unwrap(res.data);
}

export function useUploadAvatar(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.forUser(userId) }),
  });
}
