// GET /api/users/verify/message/: an SMS code to the account's CURRENT mobile (re-authentication), sent after a
// solved slider captcha. The envelope is returned as is: the code button shows a refusal itself.
import { ACCOUNT_API, type Envelope, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<unknown>()('GET', ACCOUNT_API.verifyMessage, { answer: 'envelope' });

export function sendVerifyCode(): Promise<Envelope<unknown>> {
  return call(ENDPOINT, { silent: true });
}
