// GET /api/users/telphone/message/?phone=: an SMS code to the NEW mobile, sent after a solved slider captcha.
// The envelope is returned as is: the code button shows a refusal itself.
import { ACCOUNT_API, type Envelope } from '@uc/shared';
import { http } from '../../../lib/http/http';

export async function sendTelphoneCode(phone: string): Promise<Envelope<unknown>> {
  const res = await http.get<Envelope<unknown>>(ACCOUNT_API.telphoneMessage, {
    params: { phone },
    silent: true,
  });
  return res.data;
}
