// GET /api/users/verify/message/: an SMS code to the account's CURRENT mobile (re-authentication), sent after a
// solved slider captcha. The envelope is returned as is: the code button shows a refusal itself.
import { ACCOUNT_API, type Envelope } from '@uc/shared';
import { http } from '../../../lib/http/http';

export async function sendVerifyCode(): Promise<Envelope<unknown>> {
  const res = await http.get<Envelope<unknown>>(ACCOUNT_API.verifyMessage, { silent: true });
  return res.data;
}
