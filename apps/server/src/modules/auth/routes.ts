// HTTP for signing in and out: POST /auth/login/ (type 1 SMS code, 2 account, 3 bind mobile and log in) and POST /auth/logout.

import {
  AUTH_API,
  captchaNeededSchema,
  LOGIN_TYPE,
  loginBody,
  loginDataSchema,
  MSG,
  rootPath,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { dataAt } from '../../lib/routes.js';
import { bearerToken } from '../../plugins/auth.js';
import { clientOf } from './client.js';
import type { AuthService } from './service.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; limits: Config['login'] }> = async (
  app,
  { auth, limits },
) => {
  dataAt(
    app,
    'POST',
    [rootPath(AUTH_API.login)],
    {
      config: { rateLimit: { max: limits.maxPerIpPerMinute, timeWindow: 60_000 } },
      tags: ['auth'],
      summary: '登录',
      description:
        '表单或 JSON。type=1 短信验证码登录（phone, verifycode）；type=2（默认）账号登录（username, password）；type=3 绑定手机号并登录（username, password, phone, verifycode，验证码 purpose=bind）。password 为 SHA-256 小写十六进制。失败时 HTTP 200：20001 用户名或密码错误（连续输错后应答逐次变慢），20002 账号或当前网络因输错密码过多临时锁定（账号锁定时 data 为 {captcha: true}：完成拼图验证后以同一 uc_sid 会话再次提交即可校验密码；近30天内成功登录过该账号的 IP 不受账号锁定影响；当前网络锁定时 data 为 null），20004 未绑定手机号，20005 手机号未绑定账号，20008 验证码错误（仍可重试），20012 验证码已失效（过期、已使用、错误次数用尽或未获取），需重新获取。',
      body: loginBody,
      data: z.union([loginDataSchema, captchaNeededSchema]),
      message: MSG.loginOk,
    },
    async (request) => {
      const body = request.body;
      const client = clientOf(request);
      const data =
        body.type === LOGIN_TYPE.sms
          ? await auth.loginWithSms(body, client)
          : body.type === LOGIN_TYPE.bind
            ? await auth.bindAndLogin(body, client)
            : await auth.login(body, client);
      return data;
    },
  );

  dataAt(
    app,
    'POST',
    [rootPath(AUTH_API.logout)],
    {
      tags: ['auth'],
      summary: '退出登录',
      description: '总是返回 200，即使没有或携带了无效的令牌。',
      data: z.null(),
      message: MSG.loggedOut,
    },
    async (request) => {
      try {
        await auth.logout(bearerToken(request));
      } catch (err) {
        // Logging out must always succeed for the client; the session then simply runs out.
        request.log.warn({ err }, 'logout could not revoke the session');
      }
      return null;
    },
  );
};
