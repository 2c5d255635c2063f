// HTTP for sending SMS codes: registration, SMS login, and the bind / find-password codes; each needs a solved puzzle first.
import {
  AUTH_API,
  MSG,
  rootPath,
  SMS_PURPOSE,
  type SmsPurpose,
  smsPhoneQuery,
  smsPurposeQuery,
} from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { dataAt } from '../../lib/routes.js';
import { readSid } from '../../plugins/browser-session.js';
import type { SmsService } from './service.js';

interface SmsRoutesOptions {
  sms: SmsService;
  limits: Config['sms'];
}

const REFUSALS = '失败时 HTTP 200：20012 未完成拼图验证、发送过于频繁或超过每日上限（message 说明原因）';

export const smsRoutes: FastifyPluginAsyncZod<SmsRoutesOptions> = async (app, { sms, limits }) => {
  const rateLimit = { max: limits.perIpPerMinute, timeWindow: 60_000 };
  const routeOf = <Q extends z.ZodType>(summary: string, description: string, querystring: Q) => ({
    config: { rateLimit },
    tags: ['sms'],
    summary,
    description: `需先通过拼图验证（同一 uc_sid 会话的一次性票据）。${description}${REFUSALS}。`,
    querystring,
    data: z.null(),
    message: MSG.smsSent,
  });

  async function sendCode(request: FastifyRequest, phone: string, purpose: SmsPurpose) {
    await sms.sendCode(readSid(request), phone, purpose, request.ip);
    return null;
  }

  /** The codes sent to the query's phone: each path's purpose and documentation. */
  const byPhone = [
    [AUTH_API.registerSms, SMS_PURPOSE.register, '发送注册验证码', '手机号已注册时 20007。'],
    [AUTH_API.loginSms, SMS_PURPOSE.login, '发送登录验证码', '手机号未绑定任何账号时 20005。'],
  ] as const;
  for (const [url, purpose, summary, description] of byPhone) {
    dataAt(app, 'GET', [rootPath(url)], routeOf(summary, description, smsPhoneQuery), (request) =>
      sendCode(request, request.query.phone, purpose),
    );
  }

  dataAt(
    app,
    'GET',
    [rootPath(AUTH_API.purposeSms)],
    routeOf(
      '发送绑定手机号或找回密码验证码',
      'purpose=bind 绑定手机号并登录；purpose=findpwd 找回密码，手机号未绑定任何账号时 20005。',
      smsPurposeQuery,
    ),
    (request) => sendCode(request, request.query.phone, request.query.purpose),
  );
};
