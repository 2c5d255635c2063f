// The operator console under /admin/ (apps/admin, its own build, served as built-app.ts serves a build) with a
// strict CSP (the console has no inline script) and no framing.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { notBuiltPage, serveBuiltApp } from './built-app.js';
import { cspHeader } from './security.js';

export const ADMIN_BASE = '/admin';

/**
 * The console's page policy: only its own scripts and calls; antd injects its styles at runtime. No frame, no
 * third-party host: staff pages load nothing from the main site, the tool hosts or the chatbot.
 */
export const ADMIN_CSP = cspHeader({
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
});

/** The headers of every console document (replacing the member pages' policy). */
const DOCUMENT_HEADERS = { 'content-security-policy': ADMIN_CSP, 'x-frame-options': 'DENY' };

export const adminWebPlugin: FastifyPluginAsync<{ config: Config; distDir?: string }> = async (
  app,
  { config, distDir = config.adminDistDir },
) => {
  const indexFile = path.join(distDir, 'index.html');
  let index: Promise<string> | undefined;

  const sendIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').headers(DOCUMENT_HEADERS);
    index ??= readFile(indexFile, 'utf8');
    try {
      return reply.send(await index);
    } catch {
      // Not built yet: asked again on the next request, so a build appears without a restart.
      index = undefined;
      return reply.code(503).send(notBuiltPage(config, '运营后台'));
    }
  };

  await serveBuiltApp(app, { base: ADMIN_BASE, distDir, sendIndex, documentHeaders: DOCUMENT_HEADERS });
};
