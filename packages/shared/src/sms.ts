// SMS codes (docs/architecture.md §5): what a code is for and the queries that ask for one.
import { z } from 'zod';
import { MSG } from './messages.js';
import { rules } from './validation.js';

/** What an SMS code is for; each purpose has its own code, so one cannot be used for another. */
export const SMS_PURPOSE = {
  register: 'register',
  login: 'login',
  bind: 'bind',
  findpwd: 'findpwd',
  /** Re-authentication: a code to the signed-in account's current mobile (POST api/users/checkVerifyCode/). */
  verify: 'verify',
  /** A new mobile for the signed-in account (POST api/users/updateTelphone/). */
  rebind: 'rebind',
} as const;
export type SmsPurpose = (typeof SMS_PURPOSE)[keyof typeof SMS_PURPOSE];

/** GET /api/register/message/ and GET /api/message/ query. */
export const smsPhoneQuery = z.object({ phone: rules.mobile });
export type SmsPhoneQuery = z.infer<typeof smsPhoneQuery>;

/** GET /api/login/message/ query: codes for bind-and-login and for find-password. */
export const smsPurposeQuery = z.object({
  phone: rules.mobile,
  purpose: z.enum([SMS_PURPOSE.bind, SMS_PURPOSE.findpwd], { error: MSG.badRequest }),
});
export type SmsPurposeQuery = z.infer<typeof smsPurposeQuery>;
