// Development helpers under /__dev (docs/architecture.md §8); app.ts never registers them when NODE_ENV=production.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { textField } from '@uc/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { CommandOut } from '../db/command.js';
import { errors } from '../errors.js';
import { ok } from '../lib/envelope.js';
import type { MailOutbox } from '../providers/mail/index.js';
import type { Outbox } from '../providers/sms/index.js';
import { bodyOf } from './envelope.js';
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

/**
 * An operator command run in this server's process, against its database and secret, with the arguments given after
 * `npm run <command> --`; answers its exit code, its output lines going to `out`.
 */
export type DevCommand = (argv: string[], out: CommandOut) => Promise<number>;

/**
 * What the routes below run on the modules' behalf, so that the browser journeys, which cannot reach the server's
 * database, can do what an operator does: modules/index.ts `devCommands` builds it from the modules' commands.
 */
export interface DevCommands {
  /** `npm run cards`. */
  cards: DevCommand;
  /** `npm run invoices`. */
  invoices: DevCommand;
  /**
   * Publishes the policy item that the fields of `npm run content -- publish` describe; answers its id, or null when
   * they describe none.
   */
  publish(fields: Record<string, string | undefined>): Promise<number | null>;
  /**
   * Moves a main account's plan end to `days` days from now (its level and plan kept) and runs a pass of the renewal
   * reminders; answers how many the pass sent, or null when the account is no main account with a paid plan.
   */
  renewalDue(username: string, days: number): Promise<number | null>;
}

interface DevOptions {
  config: Config;
  /** The console SMS provider's outbox; null when a real gateway sends. */
  outbox?: Outbox | null;
  /** The captcha's answers (the captcha service keeps them outside production). */
  captcha?: { answer(key: string): Promise<number | null> };
  /** The console mail provider's outbox; null when an SMTP server sends. */
  mailOutbox?: MailOutbox | null;
  commands?: DevCommands;
}

const phoneQuery = z.object({ phone: textField(32) });
const cardBatchBody = z.object({
  name: textField(60).min(1),
  grant: textField(60).min(1),
  count: textField(6).min(1),
  expires: textField(10).min(1),
});
const toQuery = z.object({ to: textField(254) });
const invoiceIssueBody = z.object({ id: z.number().int().min(1), number: textField(40).min(1) });

/** A one-page PDF showing `lines` (ASCII), as an operator's invoice file would be: for the journeys and tests. */
export function samplePdf(lines: readonly string[]): Buffer {
  const pdfText = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 14 Tf 72 760 Td ${lines.map((l, i) => `${i ? '0 -20 Td ' : ''}(${pdfText(l)}) Tj`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
const keyQuery = z.object({ key: textField(64).min(1) });
const renewalBody = z.object({ username: textField(32).min(1), days: z.number().int().min(0).max(400) });
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
  { config, outbox, mailOutbox, captcha, commands },
) => {
  // Runs `npm run cards -- create-batch` against this server (JSON: name, grant, count, expires) and answers the CSV
  // it wrote, for the browser journeys, which cannot reach the server's database themselves.
  app.post('/__dev/cards', { schema: { hide: true } }, async (request, reply) => {
    const body = cardBatchBody.safeParse(request.body);
    if (!body.success || !commands) return reply.code(400).send(bodyOf(errors.badRequest()));
    const dir = await mkdtemp(path.join(tmpdir(), 'uc-cards-'));
    const out = path.join(dir, 'cards.csv');
    try {
      const { name, grant, count, expires } = body.data;
      const lines: string[] = [];
      const code = await commands.cards(
        [
          'create-batch',
          '--name',
          name,
          '--grant',
          grant,
          '--count',
          count,
          '--expires',
          expires,
          '--out',
          out,
        ],
        { log: (l) => lines.push(l), error: (l) => lines.push(l) },
      );
      if (code !== 0) return reply.code(400).send(bodyOf(errors.badRequest(lines.join('\n'))));
      return ok({ csv: await readFile(out, 'utf8') });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // Issues an invoice as `npm run invoices -- issue <id> --pdf <file> --number <no>` does, with a sample PDF.
  app.post('/__dev/invoices/issue', { schema: { hide: true } }, async (request, reply) => {
    const body = invoiceIssueBody.safeParse(request.body);
    if (!body.success || !commands) return reply.code(400).send(bodyOf(errors.badRequest()));
    const dir = await mkdtemp(path.join(tmpdir(), 'uc-invoice-'));
    const file = path.join(dir, 'invoice.pdf');
    try {
      const { id, number } = body.data;
      await writeFile(file, samplePdf(['Sample electronic invoice', `No. ${number}`]));
      const lines: string[] = [];
      const argv = ['issue', String(id), '--pdf', file, '--number', number];
      const code = await commands.invoices(argv, {
        log: (l) => lines.push(l),
        error: (l) => lines.push(l),
      });
      if (code !== 0) return reply.code(400).send(bodyOf(errors.badRequest(lines.join('\n'))));
      return ok(null);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // Publishes a policy item as the operator command does (JSON: type, title, dept, city, area, industry, at, end).
  app.post('/__dev/publish', { schema: { hide: true } }, async (request, reply) => {
    const body = publishBody.safeParse(request.body);
    const id = body.success && commands ? await commands.publish(body.data) : null;
    if (id === null) return reply.code(400).send(bodyOf(errors.badRequest()));
    return ok({ id });
  });

  // A member's plan ending in `days` days and the renewal reminders' pass run (JSON: username, days).
  app.post('/__dev/renewal', { schema: { hide: true } }, async (request, reply) => {
    const body = renewalBody.safeParse(request.body);
    const sent =
      body.success && commands ? await commands.renewalDue(body.data.username, body.data.days) : null;
    if (sent === null) return reply.code(400).send(bodyOf(errors.badRequest()));
    return ok({ sent });
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
