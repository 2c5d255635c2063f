// HTTP for changing the account's mobile: a code to the new number, then the change with a re-authentication ticket.

import { ACCOUNT_API, MSG, profileSchema, telphoneMessageQuery, updateTelphoneBody } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import { clientOf } from '../auth/client.js';
import { type AccountRoutesOptions, perMinute, tags } from './route-common.js';

export const mobileRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { account, config, origin },
) => {
  const smsLimited = perMinute(config.sms.perIpPerMinute);

  dataAt(
    app,
    'GET',
    [ACCOUNT_API.telphoneMessage],
    {
      config: { auth: true, rateLimit: smsLimited },
      tags,
      summary: '发送更换手机号验证码（新手机号）',
      description:
        '需先通过拼图验证。验证码发送到新手机号 phone（purpose rebind）。与当前手机号相同或已绑定其他主账号时 20204；未完成拼图、发送过于频繁或超过每日上限 20012。',
      querystring: telphoneMessageQuery,
      data: z.null(),
      message: MSG.smsSent,
    },
    async (request) => {
      await account.sendRebindCode(currentUser(request), request.query.phone, clientOf(request));
      return null;
    },
  );

  dataAt(
    app,
    'POST',
    [ACCOUNT_API.updateTelphone],
    {
      config: { auth: true },
      tags,
      summary: '更换手机号',
      description:
        '表单或 JSON：telphone（新手机号）、verifycode（发送到新手机号的验证码）、ticket（身份验证票据）。票据缺失、已用或过期 20201；新手机号与当前相同或已绑定其他主账号 20204；20008/20012 验证码错误或失效（票据保留）。成功后旧手机号未使用的验证码作废。',
      body: updateTelphoneBody,
      data: profileSchema,
      message: MSG.mobileChanged,
    },
    (request) => account.updateMobile(currentUser(request), request.body, clientOf(request), origin),
  );
};
