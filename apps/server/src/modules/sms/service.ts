// Who may receive an SMS code: a solved puzzle first, then a mobile in the state the purpose needs; codes.ts sends it.
import { MSG, SMS_PURPOSE, type SmsPurpose } from '@uc/shared';
import { errors } from '../../errors.js';
import type { CaptchaService } from '../captcha/service.js';
import type { UsersService } from '../users/service.js';
import type { SmsCodes } from './codes.js';

interface SmsDeps {
  codes: SmsCodes;
  captcha: Pick<CaptchaService, 'consumeTicket'>;
  users: Pick<UsersService, 'countByMobile'>;
  /** The customer-service line a recovery on an unbound mobile is sent to. */
  hotline: string;
}

export function createSmsService({ codes, captcha, users, hotline }: SmsDeps) {
  return {
    /** The ticket first: without a solved puzzle nothing is revealed about the mobile and nothing is sent. */
    async sendCode(sid: string | null, phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
      if (!sid || !(await captcha.consumeTicket(sid))) throw errors.smsRefused(MSG.captchaRequired);
      const bound = await users.countByMobile(phone);
      if (purpose === SMS_PURPOSE.register && bound > 0) throw errors.mobileTaken();
      if (purpose === SMS_PURPOSE.login && bound === 0) throw errors.phoneNotBound();
      if (purpose === SMS_PURPOSE.findpwd && bound === 0) throw errors.findPasswordNotBound(hotline);
      await codes.send(phone, purpose, ip);
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
