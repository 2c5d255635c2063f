// HTTP for the user's own account: GET /auth/info/ (profile) and POST api/users/findPassword/ (recovery by SMS code).

import {
  AUTH_API,
  accountChoiceSchema,
  findPasswordBody,
  IDENTITY_CODE,
  MSG,
  rootPath,
  userInfoSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { envelope, ok } from '../../lib/envelope.js';
import { dataAt } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import { toUserInfo } from './presenter.js';
import type { RecoveryService } from './recovery.js';

interface UsersRoutesOptions {
  recovery: RecoveryService;
  limits: Config['identity'];
  /** The base uploaded avatars are answered under (lib/public-url.ts `clientBaseUrl`). */
  origin: string;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { recovery, limits, origin },
) => {
  dataAt(
    app,
    'GET',
    [rootPath(AUTH_API.info)],
    { config: { auth: true }, tags: ['auth'], summary: '当前用户信息', data: userInfoSchema },
    async (request) => toUserInfo(currentUser(request).account, origin),
  );

  // 200 done, 20013 with the accounts to choose from, 20008 for a wrong code, 20012 for a void one.
  app.post(
    rootPath(AUTH_API.findPassword),
    {
      config: { rateLimit: { max: limits.findPasswordPerIpPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['users'],
        summary: '找回密码',
        description:
          '表单或 JSON。verifycode 来自 GET /api/login/message/?purpose=findpwd；newpassword/surepassword 为 SHA-256 小写十六进制且必须相同。成功后该账号的所有会话失效。手机号绑定多个启用中的账号且未给 username 时 code 20013，data 为 [{username, company_name}]（不含已停用的子账号），验证码保留以便再次提交；username 为已停用账号或手机号的账号均已停用时 20207；20008 验证码错误（仍可重试）；20012 验证码已失效（过期、已使用、错误次数用尽或未获取）；20005 手机号未绑定账号。',
        body: findPasswordBody,
        response: { 200: envelope(z.union([z.array(accountChoiceSchema), z.null()])) },
      },
    },
    async (request) => {
      const { telphone, verifycode, newpassword, username } = request.body;
      const result = await recovery.findPassword({
        mobile: telphone,
        verifycode,
        passwordHash: newpassword,
        username,
      });
      if (!result.done)
        return { code: IDENTITY_CODE.chooseAccount, message: MSG.chooseAccount, data: result.choices };
      return ok(null, MSG.passwordChanged);
    },
  );
};
