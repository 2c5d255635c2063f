// HTTP for the slider captcha: GET api/slider_code/ (a new picture) and POST api/slider_code/ (check a drag).

import {
  AUTH_API,
  CAPTCHA_CODE,
  MSG,
  rootPath,
  sliderChallengeSchema,
  sliderQuery,
  sliderVerifyBody,
  sliderVerifyDataSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { envelope, ok } from '../../lib/envelope.js';
import { answer, dataAt } from '../../lib/routes.js';
import { ensureSid, readSid } from '../../plugins/browser-session.js';
import type { CaptchaService } from './service.js';

export const captchaRoutes: FastifyPluginAsyncZod<{
  captcha: CaptchaService;
  limits: Config['captcha'];
}> = async (app, { captcha, limits }) => {
  const rateLimit = { max: limits.perIpPerMinute, timeWindow: 60_000 };

  app.get(
    rootPath(AUTH_API.sliderCode),
    {
      config: { rateLimit },
      schema: {
        tags: ['captcha'],
        summary: '获取拼图验证码',
        description:
          '设置 httpOnly 的 uc_sid Cookie（如尚无）。canvas_str 为 260x120 背景图，blockc_str 为 40x40 拼图块（PNG，透明），客户端将其绘制在 top=blockY 处。',
        querystring: sliderQuery,
        response: { 200: envelope(z.array(sliderChallengeSchema)) },
      },
    },
    async (request, reply) => {
      const sid = ensureSid(request, reply);
      reply.header('cache-control', 'no-store');
      return ok([await captcha.issue(sid, request.query.username)]);
    },
  );

  dataAt(
    app,
    'POST',
    [rootPath(AUTH_API.sliderCode)],
    {
      config: { rateLimit },
      tags: ['captcha'],
      summary: '校验拼图验证码',
      description:
        '表单或 JSON。成功 data 为 {}，并为 uc_sid 会话发放一次性票据供短信接口使用；data.code 400 位置不对或拖动不像真人（可重试；缺少 duration 或 trail 也按此处理），401 次数用尽、过期或不存在（需刷新图片）。',
      body: sliderVerifyBody,
      data: sliderVerifyDataSchema,
    },
    async (request) => {
      const { username, blockX, duration, trail } = request.body;
      const sid = readSid(request);
      // Without the session cookie there is no challenge to check: the client must fetch a new picture.
      const result = sid
        ? await captcha.verify(sid, username, { blockX, duration, trail })
        : { message: MSG.captchaExpired, code: CAPTCHA_CODE.refresh };
      return answer(result.code === undefined ? {} : { code: result.code }, result.message);
    },
  );
};
