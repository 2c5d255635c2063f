// The SMS code sends of docs/requirements.md §7, each after a passed slider captcha (the server consumes its ticket).
// Silent, the envelope returned as is: the code button shows the server's text itself (docs/requirements.md §8 "SMS
// send failure").
import {
  type SmsPurpose as AnySmsPurpose,
  AUTH_API,
  endpoint,
  type SmsPhoneQuery,
  type SmsPurposeQuery,
} from '@uc/shared';
import { call } from '../../../lib/http/http';

/** Codes for binding a mobile at login and for recovering a password. */
export type SmsPurpose = Extract<AnySmsPurpose, 'bind' | 'findpwd'>;

const REGISTER_SMS = endpoint<unknown, SmsPhoneQuery>()('GET', AUTH_API.registerSms, {
  answer: 'envelope',
});
const LOGIN_SMS = endpoint<unknown, SmsPhoneQuery>()('GET', AUTH_API.loginSms, { answer: 'envelope' });
const PURPOSE_SMS = endpoint<unknown, SmsPurposeQuery>()('GET', AUTH_API.purposeSms, {
  answer: 'envelope',
});

export const sendRegisterCode = (phone: string) => call(REGISTER_SMS, { input: { phone }, silent: true });
export const sendLoginCode = (phone: string) => call(LOGIN_SMS, { input: { phone }, silent: true });
export const sendPurposeCode = (phone: string, purpose: SmsPurpose) =>
  call(PURPOSE_SMS, { input: { phone, purpose }, silent: true });
