// HTTP for the security page: the account's masked contacts, logins, sessions and audit, and ending another session.
import { ACCOUNT_API, MSG, securityStateSchema, textField } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt, routePath } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import { clientOf } from '../auth/client.js';
import { type AccountRoutesOptions, tags } from './route-common.js';

const jtiParams = z.object({
  jti: textField(64, { error: MSG.sessionNotFound, tooLong: MSG.sessionNotFound }),
});

export const securityRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { account }) => {
  dataAt(
    app,
    'GET',
    [ACCOUNT_API.security],
    {
      config: { auth: true },
      tags,
      summary: '账号安全状态',
      description:
        '掩码后的手机号和邮箱、邮箱是否已确认及待确认地址、上次修改密码时间、最近10次登录记录、在线会话（current 为当前会话）、最近20条安全操作记录。',
      data: securityStateSchema,
    },
    (request) => account.security(currentUser(request)),
  );

  dataAt(
    app,
    'POST',
    [routePath(ACCOUNT_API.sessionLogout)],
    {
      config: { auth: true },
      tags,
      summary: '下线一个会话',
      description:
        '结束本账号的另一个在线会话（其令牌随后得到 30001，推送 code 1）。当前会话或不存在、已下线的会话 20209。',
      params: jtiParams,
      data: z.null(),
      message: MSG.sessionEnded,
    },
    async (request) => {
      await account.endSession(currentUser(request), request.params.jti, clientOf(request));
      return null;
    },
  );
};
