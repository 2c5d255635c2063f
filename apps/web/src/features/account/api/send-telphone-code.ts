// GET /api/users/telphone/message/?phone=: an SMS code to the NEW mobile, sent after a solved slider captcha.
// The envelope is returned as is: the code button shows a refusal itself.
import { ACCOUNT_API, type Envelope, endpoint, type TelphoneMessageQuery } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<unknown, TelphoneMessageQuery>()('GET', ACCOUNT_API.telphoneMessage, {
  answer: 'envelope',
});

export function sendTelphoneCode(phone: string): Promise<Envelope<unknown>> {
  return call(ENDPOINT, { input: { phone }, silent: true });
}
