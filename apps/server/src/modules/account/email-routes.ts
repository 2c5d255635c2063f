// HTTP for binding an email: the confirmation mail (with a re-authentication ticket) and the link it carries,
// answered as a page in a browser and as the envelope otherwise.

import { ACCOUNT_API, bindEmailQuery, emailPendingSchema, MSG, updateEmailBody } from '@uc/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { envelope, ok } from '../../lib/envelope.js';
import { escapeHtml, renderPage } from '../../lib/html.js';
import { dataAt } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import { clientOf } from '../auth/client.js';

import { type AccountRoutesOptions, perMinute, tags } from './route-common.js';

export const emailRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { account, config, origin },
) => {
  const guarded = perMinute(config.login.maxPerIpPerMinute);

  dataAt(
    app,
    'POST',
    [ACCOUNT_API.updateEmail],
    {
      config: { auth: true },
      tags,
      summary: '绑定邮箱',
      description:
        '表单或 JSON：email、ticket（身份验证票据）。向新邮箱发送确认链接（24小时内有效，一次性），点击后绑定生效。票据无效 20201；与当前邮箱相同 400。',
      body: updateEmailBody,
      data: emailPendingSchema,
      message: MSG.emailConfirmSent,
    },
    (request) => account.requestEmail(currentUser(request), request.body, clientOf(request), origin),
  );

  app.get(
    ACCOUNT_API.bindEmail,
    {
      config: { rateLimit: guarded },
      schema: {
        tags,
        summary: '确认邮箱（邮件中的链接）',
        description:
          '浏览器打开（Accept 含 text/html）时返回 HTML 页面（成功或失败说明，并链接到账号安全页面）；否则返回 JSON：成功 200，链接无效、已使用或已过期 20205。',
        querystring: bindEmailQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const wantsPage = (request.headers.accept ?? '').includes('text/html');
      let outcome: { ok: true } | { ok: false; error: AppError };
      try {
        await account.confirmEmail(request.query.token, request.ip);
        outcome = { ok: true };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome = { ok: false, error };
      }
      if (!wantsPage) {
        if (!outcome.ok) throw outcome.error;
        return ok(null, MSG.emailBound);
      }
      const title = outcome.ok ? MSG.emailBound : '邮箱绑定失败';
      const text = outcome.ok ? '您的邮箱已绑定成功。' : outcome.error.message;
      const body = `<div class="notice"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><div class="actions"><a class="primary" href="${escapeHtml(account.accountPageUrl)}">返回账号安全</a></div></div>`;
      // The page is not the envelope the response schema describes.
      return (reply as FastifyReply)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(
          renderPage({
            title,
            body,
            footer: [
              `客服热线：${config.site.hotline}（每天 8:00-18:00）`,
              config.site.copyright,
              config.site.icpNumber,
            ],
            homeUrl: config.site.mainSiteUrl,
          }),
        );
    },
  );
};
