// HTTP for sending SMS codes: registration, SMS login, and the bind / find-password codes; each needs a solved puzzle first.
import { MSG, SMS_PURPOSE, type SmsPurpose, smsPhoneQuery, smsPurposeQuery } from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { envelope, ok } from '../../plugins/envelope.js';
import type { CaptchaService } from '../captcha/service.js';
import { readSid } from '../captcha/session-id.js';
import { countAccountsByMobile } from '../users/service.js';
import type { SmsCodes } from './codes.js';

export interface SmsRoutesOptions {
  db: Db;
  codes: SmsCodes;
  captcha: CaptchaService;
  limits: Config['sms'];
}

const REFUSALS = '失败时 HTTP 200：20012 未完成拼图验证、发送过于频繁或超过每日上限（message 说明原因）';

export const smsRoutes: FastifyPluginAsyncZod<SmsRoutesOptions> = async (
  app,
  { db, codes, captcha, limits },
) => {
  const rateLimit = { max: limits.perIpPerMinute, timeWindow: 60_000 };
  const schemaOf = <Q extends z.ZodType>(summary: string, description: string, querystring: Q) => ({
    tags: ['sms'],
    summary,
    description: `需先通过拼图验证（同一 uc_sid 会话的一次性票据）。${description}${REFUSALS}。`,
    querystring,
    response: { 200: envelope(z.null()) },
  });

  /** The ticket first: without a solved puzzle nothing is revealed about the mobile and nothing is sent. */
  async function sendCode(request: FastifyRequest, phone: string, purpose: SmsPurpose) {
    const sid = readSid(request);
    if (!sid || !(await captcha.consumeTicket(sid))) throw errors.smsRefused(MSG.captchaRequired);
    const bound = await countAccountsByMobile(db, phone);
    if (purpose === SMS_PURPOSE.register && bound > 0) throw errors.mobileTaken();
    if ((purpose === SMS_PURPOSE.login || purpose === SMS_PURPOSE.findpwd) && bound === 0) {
      throw errors.phoneNotBound();
    }
    await codes.send(phone, purpose, request.ip);
    return ok(null, MSG.smsSent);
  }

  app.get(
    '/api/register/message/',
    {
      config: { rateLimit },
      schema: schemaOf('发送注册验证码', '手机号已注册时 20007。', smsPhoneQuery),
    },
    (request) => sendCode(request, request.query.phone, SMS_PURPOSE.register),
  );

  app.get(
    '/api/message/',
    {
      config: { rateLimit },
      schema: schemaOf('发送登录验证码', '手机号未绑定任何账号时 20005。', smsPhoneQuery),
    },
    (request) => sendCode(request, request.query.phone, SMS_PURPOSE.login),
  );

  app.get(
    '/api/login/message/',
    {
      config: { rateLimit },
      schema: schemaOf(
        '发送绑定手机号或找回密码验证码',
        'purpose=bind 绑定手机号并登录；purpose=findpwd 找回密码，手机号未绑定任何账号时 20005。',
        smsPurposeQuery,
      ),
    },
    (request) => sendCode(request, request.query.phone, request.query.purpose),
  );
};
