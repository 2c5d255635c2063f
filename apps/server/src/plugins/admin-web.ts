// The operator console under /admin/ (apps/admin, its own build): hashed assets cached for a year, index.html
// revalidated, history fallback for its page paths, a strict CSP (the console has no inline script), no framing.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { errors } from '../errors.js';
import { renderPage } from '../lib/html.js';
import { bodyOf } from './envelope.js';
import { cspHeader, DOCUMENT_ONLY_HEADERS } from './security.js';

export const ADMIN_BASE = '/admin';
const ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SUBRESOURCE = /\.(js|css)(\.br|\.gz)?$/;

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

function notBuiltPage(config: Config): string {
  return renderPage({
    title: '运营后台尚未构建',
    homeUrl: config.site.mainSiteUrl,
    footer: [config.site.copyright],
    body: `<div class="notice"><h1>运营后台前端尚未构建</h1>
<p>服务器没有找到运营后台的构建产物，请在项目根目录运行 <code>npm run build</code> 后刷新本页。</p></div>`,
  });
}

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
      return reply.code(503).send(notBuiltPage(config));
    }
  };

  await app.register(
    async (admin) => {
      await admin.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        index: false,
        cacheControl: false,
        preCompressed: true,
        suppressWarning: true,
        allowedPath: (pathname) => !pathname.split('/').some((segment) => segment.startsWith('.')),
        lastModified: false,
        setHeaders: (reply, filePath) => {
          const hashed = path.relative(distDir, filePath).startsWith(`${ASSETS_DIR}${path.sep}`);
          reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
          if (hashed && SUBRESOURCE.test(filePath))
            for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
          else for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) reply.header(name, value);
        },
      });
      admin.get('/', { schema: { hide: true } }, sendIndex);
      admin.get('/index.html', { schema: { hide: true } }, sendIndex);
      // Not a file: the console's router decides (history mode), except for missing assets and non-GETs.
      admin.setNotFoundHandler((request, reply) => {
        const isPage = request.method === 'GET' || request.method === 'HEAD';
        if (isPage && !request.url.startsWith(`${ADMIN_BASE}/${ASSETS_DIR}/`))
          return sendIndex(request, reply);
        return reply.code(404).send(bodyOf(errors.notFound()));
      });
    },
    { prefix: ADMIN_BASE },
  );
};
