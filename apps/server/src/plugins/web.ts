// The web app under /usercenter/: hashed assets cached for a year, index.html with the runtime config injected, history fallback.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@uc/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { errors } from '../errors.js';
import { renderPage } from '../lib/html.js';
import { bodyOf } from './envelope.js';

const WEB_BASE = '/usercenter';
const ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const OPEN = `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">`;
const PLACEHOLDER = `${OPEN}{}</script>`;

function runtimeConfig(site: Config['site']): RuntimeConfig {
  return {
    apiBaseUrl: site.apiBaseUrl,
    mainSiteUrl: site.mainSiteUrl,
    wsUrl: site.wsUrl,
    icp: site.icpNumber,
    copyright: site.copyright,
    hotline: site.hotline,
    chatbotScriptUrl: site.chatbotScriptUrl,
    toolHosts: site.toolHosts,
  };
}

/** Fills the build's empty config element; `<` is escaped so no value can close the script tag. */
function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(PLACEHOLDER, () => `${OPEN}${json}</script>`);
}

function notBuiltPage(config: Config): string {
  return renderPage({
    title: '会员中心尚未构建',
    homeUrl: config.site.mainSiteUrl,
    footer: [config.site.copyright],
    body: `<div class="notice"><h1>会员中心前端尚未构建</h1>
<p>服务器没有找到前端构建产物，请在项目根目录运行 <code>npm run build</code> 后刷新本页。</p></div>`,
  });
}

export const webPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const indexFile = path.join(config.webDistDir, 'index.html');
  let rendered: string | undefined;

  /** The rendered index.html, kept in memory once read; null while the web app is not built. */
  const index = async (request: FastifyRequest): Promise<string | null> => {
    if (rendered !== undefined) return rendered;
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return null;
    }
    if (!html.includes(PLACEHOLDER))
      request.log.warn({ indexFile }, 'index.html has no runtime config placeholder');
    rendered = injectRuntimeConfig(html, runtimeConfig(config.site));
    return rendered;
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = await index(request);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    return html === null ? reply.code(503).send(notBuiltPage(config)) : reply.send(html);
  };

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${WEB_BASE}/`));

  await app.register(
    async (web) => {
      await web.register(fastifyStatic, {
        root: config.webDistDir,
        prefix: '/',
        index: false,
        cacheControl: false,
        preCompressed: true,
        suppressWarning: true,
        setHeaders: (reply, filePath) => {
          const hashed = path.relative(config.webDistDir, filePath).startsWith(`${ASSETS_DIR}${path.sep}`);
          reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
        },
      });
      web.get('/', { schema: { hide: true } }, sendIndex);
      web.get('/index.html', { schema: { hide: true } }, sendIndex);
      // Not a file: the client router decides (history mode), except for missing assets and non-GETs.
      web.setNotFoundHandler((request, reply) => {
        const isPage = request.method === 'GET' || request.method === 'HEAD';
        if (isPage && !request.url.startsWith(`${WEB_BASE}/${ASSETS_DIR}/`)) return sendIndex(request, reply);
        return reply.code(404).send(bodyOf(errors.notFound()));
      });
    },
    { prefix: WEB_BASE },
  );
};
