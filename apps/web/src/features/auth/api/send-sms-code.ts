// The SMS code sends of docs/requirements.md §7, each after a passed slider captcha (the server consumes its ticket).
import { type SmsPurpose as AnySmsPurpose, AUTH_API, type Envelope } from '@uc/shared';
import { http } from '../../../lib/http/http';

const REGISTER_SMS_URL = AUTH_API.registerSms;
const LOGIN_SMS_URL = AUTH_API.loginSms;
const PURPOSE_SMS_URL = AUTH_API.purposeSms;

/** Codes for binding a mobile at login and for recovering a password. */
export type SmsPurpose = Extract<AnySmsPurpose, 'bind' | 'findpwd'>;

async function get(url: string, params: Record<string, string>): Promise<Envelope<unknown>> {
  // Silent: the code button shows the server's text itself (docs/requirements.md §8 "SMS send failure").
  const res = await http.get<Envelope<unknown>>(url, { params, silent: true });
  return res.data;
}

export const sendRegisterCode = (phone: string) => get(REGISTER_SMS_URL, { phone });
export const sendLoginCode = (phone: string) => get(LOGIN_SMS_URL, { phone });
export const sendPurposeCode = (phone: string, purpose: SmsPurpose) =>
  get(PURPOSE_SMS_URL, { phone, purpose });
