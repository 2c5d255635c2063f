// POST /api/users/updateEmail/ (email, ticket): mails a confirmation link to the new address.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type EmailPending, endpoint, type UpdateEmailBody } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { accountKeys } from './keys';

const ENDPOINT = endpoint<EmailPending, UpdateEmailBody>()('POST', ACCOUNT_API.updateEmail);

export function updateEmail(body: UpdateEmailBody): Promise<EmailPending> {
  return call(ENDPOINT, { input: body });
}

export function useUpdateEmail(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.forUser(userId) }),
  });
}
