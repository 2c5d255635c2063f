// Development helpers under /__dev (ARCHITECTURE.md §8); app.ts never registers them when NODE_ENV=production.

import { textField } from '@uc/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import { errors } from '../errors.js';
import type { CaptchaService } from '../modules/captcha/service.js';
import { itemFromArgs } from '../modules/subscriptions/cli.js';
import type { Publisher } from '../modules/subscriptions/publisher.js';
import type { MailOutbox } from '../providers/mail/index.js';
import type { Outbox } from '../providers/sms/index.js';
import { bodyOf, ok } from './envelope.js';
import { cspDirectives, cspHeader } from './security.js';

const TOOL_PAGE = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>示例工具</title>
<style>body{margin:0;font-family:sans-serif}h1{margin:0;padding:16px;font-size:20px}.tall{height:1600px;margin:0 16px;background:linear-gradient(#e6f4ff,#fff)}</style>
</head>
<body>
<h1>示例工具</h1>
<div class="tall">这是一个用于测试 iframe 区域的第三方工具页面。</div>
<script src="/__dev/tool.js"></script>
</body>
</html>
`;

const TOOL_SCRIPT = `(function () {
  function post() {
    window.parent.postMessage({ type: 'uc:iframe-height', height: document.documentElement.scrollHeight }, '*');
  }
  window.addEventListener('load', post);
  window.addEventListener('resize', post);
})();
`;

interface DevOptions {
  config: Config;
  /** The console SMS provider's outbox; null when a real gateway sends. */
  outbox?: Outbox | null;
  captcha?: CaptchaService;
  /** The console mail provider's outbox; null when an SMTP server sends. */
  mailOutbox?: MailOutbox | null;
  /** Publishes policy items (what `npm run content -- publish` does, for the browser journeys). */
  publisher?: Pick<Publisher, 'publish'>;
}

const phoneQuery = z.object({ phone: textField(32) });
const toQuery = z.object({ to: textField(254) });
const keyQuery = z.object({ key: textField(64).min(1) });
const publishBody = z.object(
  Object.fromEntries(
    ['type', 'title', 'dept', 'city', 'area', 'industry', 'at', 'end'].map((k) => [
      k,
      textField(200).optional(),
    ]),
  ),
);

export const devPlugin: FastifyPluginAsync<DevOptions> = async (
  app,
  { config, outbox, mailOutbox, captcha, publisher },
) => {
  // Publishes a policy item as the operator command does (JSON: type, title, dept, city, area, industry, at, end).
  app.post('/__dev/publish', { schema: { hide: true } }, async (request, reply) => {
    const body = publishBody.safeParse(request.body);
    const item = body.success ? itemFromArgs(body.data, new Date()) : { error: 'bad body' };
    if ('error' in item || !publisher) return reply.code(400).send(bodyOf(errors.badRequest()));
    return ok({ id: await publisher.publish(item) });
  });

  // The SMS codes sent to a mobile, newest first (automated tests read their codes here).
  app.get('/__dev/sms', { schema: { hide: true } }, async (request, reply) => {
    const query = phoneQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send(bodyOf(errors.badRequest()));
    return ok(outbox?.list(query.data.phone) ?? []);
  });

  // The mails sent to an address, newest first (automated tests follow the confirmation links here).
  app.get('/__dev/mail', { schema: { hide: true } }, async (request, reply) => {
    const query = toQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send(bodyOf(errors.badRequest()));
    return ok(mailOutbox?.list(query.data.to) ?? []);
  });

  // The answer of the current slider challenge for a key (the `username` of GET api/slider_code/).
  app.get('/__dev/captcha', { schema: { hide: true } }, async (request, reply) => {
    const query = keyQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send(bodyOf(errors.badRequest()));
    const x = captcha ? await captcha.answer(query.data.key) : null;
    if (x === null) return reply.code(404).send(bodyOf(errors.notFound()));
    return ok({ x });
  });

  // A stand-in for a third-party tool (the iframe area's tests): like a real tool host, any page may frame it.
  app.get(
    '/__dev/tool',
    {
      schema: { hide: true },
      config: {
        securityHeaders: {
          'content-security-policy': cspHeader({ ...cspDirectives(config.site), 'frame-ancestors': ['*'] }),
          'x-frame-options': null,
        },
      },
    },
    (_request, reply) => reply.type('text/html; charset=utf-8').send(TOOL_PAGE),
  );
  app.get('/__dev/tool.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(TOOL_SCRIPT),
  );
};
