// The web app under /usercenter/: pre-compressed assets cached for a year, index.html per first view, history fallback.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { COOKIE, MEMBER_APP_BASE, RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@uc/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { DYNAMIC_BROTLI, DYNAMIC_GZIP } from '../lib/compression-levels.js';
import { notBuiltPage, serveBuiltApp } from './built-app.js';
import { answersElement, pageAnswers } from './page-answers.js';
import { createPageRenderer, looksLikePhone, type PageRenderer } from './page-render.js';
import { type Manifest, renderWebPages, type WebPages, withFirstView } from './web-page.js';

export const WEB_BASE = MEMBER_APP_BASE;
const OPEN = `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">`;
const PLACEHOLDER = `${OPEN}{}</script>`;
/** Written by the web build (`build.manifest: true`); lists each route's chunks and stylesheets. */
const MANIFEST_FILE = path.join('.vite', 'manifest.json');
/** The encodings index.html is kept in, best first; the build writes the same two beside every asset. */
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });
/** A page with a member's answers is compressed per request, at the other dynamic responses' levels. */
const compressFor = {
  br: (body: Buffer) => promisify(brotliCompress)(body, DYNAMIC_BROTLI),
  gzip: (body: Buffer) => promisify(gzip)(body, DYNAMIC_GZIP),
};

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

async function readManifest(file: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** A built file by its URL under the base, for inlining; null when missing or outside the build. */
async function readAsset(distDir: string, url: string): Promise<string | null> {
  const file = path.join(distDir, url.slice(WEB_BASE.length));
  if (!url.startsWith(`${WEB_BASE}/`) || path.relative(distDir, file).startsWith('..')) return null;
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/** The query of a URL, with its "?" ('' without one). */
function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}

/** The in-app path of a request under the base: no query, no trailing or doubled slashes ('' becomes '/'). */
function appPath(url: string): string {
  const pathname = (url.split('?', 1)[0] ?? '').slice(WEB_BASE.length).replace(/\/{2,}/g, '/');
  return pathname.replace(/\/+$/, '') || '/';
}

export const webPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const indexFile = path.join(config.webDistDir, 'index.html');
  let pages: Promise<WebPages> | undefined;
  // Made with the pages: the build that has them may also have the server's first-view module.
  let renderer: PageRenderer | null = null;
  app.addHook('onClose', async () => renderer?.close());

  /** Every variant of index.html, rendered and compressed on first use and kept; null while not built. */
  const index = async (request: FastifyRequest): Promise<WebPages | null> => {
    if (pages) return pages;
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return null;
    }
    if (!html.includes(PLACEHOLDER))
      request.log.warn({ indexFile }, 'index.html has no runtime config placeholder');
    const { site } = config;
    if (!pages) renderer = createPageRenderer(config.webDistDir, app.log);
    pages ??= readManifest(path.join(config.webDistDir, MANIFEST_FILE)).then((manifest) =>
      renderWebPages(
        injectRuntimeConfig(html, runtimeConfig(site)),
        manifest,
        { hotline: site.hotline, copyright: site.copyright, icp: site.icpNumber },
        WEB_BASE,
        (url) => readAsset(config.webDistDir, url),
      ),
    );
    return pages;
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const rendered = await index(request);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (rendered === null) return reply.code(503).send(notBuiltPage(config, '会员中心'));
    const inAppPath = appPath(request.url);
    const hasSession = Boolean(request.cookies[COOKIE.token]);
    const page = rendered.pick(inAppPath, hasSession);
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? encodings.negotiate(accepted) : null;
    reply.header('vary', 'accept-encoding, cookie');
    if (encoding) reply.header('content-encoding', encoding);
    // A signed-in page carries the answers of its first calls: the member's own data, for this response only.
    const answers =
      hasSession && request.method === 'GET' ? await pageAnswers(app, request, inAppPath) : null;
    if (!answers) return reply.send(encoding ? page[encoding] : page.identity);
    // And, drawn on the server from those answers, the page itself (the phone layout for a phone).
    const phone = looksLikePhone(request.headers);
    const view =
      renderer && inAppPath !== '/'
        ? await renderer.render({
            url: `${WEB_BASE}${inAppPath}${queryOf(request.url)}`,
            token: request.cookies[COOKIE.token] ?? '',
            answers,
            config: runtimeConfig(config.site),
            phone,
          })
        : null;
    const html = (view ? withFirstView(page, view, phone) : page.html).replace(
      '</body>',
      () => `${answersElement(answers)}</body>`,
    );
    const body = Buffer.from(html);
    reply.header('cache-control', 'private, no-store');
    reply.header('vary', 'accept-encoding, cookie, user-agent, sec-ch-ua-mobile');
    return reply.send(encoding ? await compressFor[encoding](body) : body);
  };

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${WEB_BASE}/`));

  await serveBuiltApp(app, { base: WEB_BASE, distDir: config.webDistDir, sendIndex });
};
