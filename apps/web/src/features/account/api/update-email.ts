// POST /api/users/updateEmail/ (email, ticket): mails a confirmation link to the new address.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type EmailPending, type Envelope, type UpdateEmailBody } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';
import { accountKeys } from './keys';

export async function updateEmail(body: UpdateEmailBody): Promise<EmailPending> {
  const res = await http.post<Envelope<EmailPending>>(ACCOUNT_API.updateEmail, body);
  return unwrap(res.data);
}

export function useUpdateEmail(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.forUser(userId) }),
  });
}
