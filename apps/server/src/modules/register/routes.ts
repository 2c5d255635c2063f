// HTTP for POST /auth/register/: every failure carries its Chinese text in both message and data (the client shows data).
import { AUTH_API, CODE, MSG, registerAnswerSchema, registerBody, rootPath } from '@uc/shared';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { bodyOf, logFailure, toAppError } from '../../plugins/envelope.js';
import type { RegisterService } from './service.js';

export const registerRoutes: FastifyPluginAsyncZod<{
  register: RegisterService;
  limits: Config['identity'];
}> = async (app, { register, limits }) => {
  app.post(
    rootPath(AUTH_API.register),
    {
      config: { rateLimit: { max: limits.registerPerIpPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: '注册',
        description:
          '表单或 JSON。new_password1/new_password2 为 SHA-256 小写十六进制且必须相同；verifycode 来自 GET /api/register/message/。成功 HTTP 200 且 code 201。失败时 message 与 data 均为中文原因：20006 用户名已被注册，20007 手机号已注册，20008 验证码错误（仍可重试），20012 验证码已失效（过期、已使用、错误次数用尽或未获取）；规则不符为 HTTP 400。',
        body: registerBody,
        response: { 200: registerAnswerSchema, '4xx': registerAnswerSchema, '5xx': registerAnswerSchema },
      },
      errorHandler(error: FastifyError, request, reply) {
        const appError = toAppError(error);
        logFailure(request, error, appError);
        return reply.code(appError.statusCode).send({ ...bodyOf(appError), data: appError.message });
      },
    },
    async (request) => {
      const body = request.body;
      await register.register({
        company: body.company,
        username: body.username,
        passwordHash: body.new_password1,
        mobile: body.telphone,
        verifycode: body.verifycode,
        source: body.source || null,
      });
      return { code: CODE.created, message: MSG.registered, data: MSG.registered };
    },
  );
};
