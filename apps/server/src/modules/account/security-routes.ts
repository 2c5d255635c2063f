// HTTP for the security page: the account's masked contacts, logins, sessions and audit, and ending another session.
import { ACCOUNT_API, MSG, textField } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope.js';
import { routePath } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import { clientOf } from '../auth/client.js';
import { securitySchema } from './presenter.js';
import { type AccountRoutesOptions, tags } from './route-common.js';

const jtiParams = z.object({
  jti: textField(64, { error: MSG.sessionNotFound, tooLong: MSG.sessionNotFound }),
});

export const securityRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { account }) => {
  app.get(
    ACCOUNT_API.security,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '账号安全状态',
        description:
          '掩码后的手机号和邮箱、邮箱是否已确认及待确认地址、上次修改密码时间、最近10次登录记录、在线会话（current 为当前会话）、最近20条安全操作记录。',
        response: { 200: envelope(securitySchema) },
      },
    },
    async (request) => ok(await account.security(currentUser(request))),
  );

  app.post(
    routePath(ACCOUNT_API.sessionLogout),
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '下线一个会话',
        description:
          '结束本账号的另一个在线会话（其令牌随后得到 30001，推送 code 1）。当前会话或不存在、已下线的会话 20209。',
        params: jtiParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await account.endSession(currentUser(request), request.params.jti, clientOf(request));
      return ok(null, MSG.sessionEnded);
    },
  );
};
