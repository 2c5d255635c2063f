// Serving a Vite build under a base path (the member web app at /usercenter/, the console at /admin/): pre-compressed
// files, hashed assets cached for a year and everything else revalidated, dot-folders (the build manifest) hidden,
// index.html for the base and for every page path (history mode), 404 in the envelope for a missing asset or a
// non-GET, and a page that says so while the app is not built yet.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { errors } from '../errors.js';
import { renderPage } from '../lib/html.js';
import { bodyOf } from './envelope.js';
import { DOCUMENT_ONLY_HEADERS } from './security.js';

const ASSETS_DIR = 'assets';

/** Where an app served at `base` keeps its hashed assets (URL prefix, with the trailing slash). */
export const builtAssets = (base: string): string => `${base}/${ASSETS_DIR}/`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The build's files that a page only loads (never opens as a document): no document-only headers on them. */
const SUBRESOURCE = /\.(js|css)(\.br|\.gz)?$/;

export interface BuiltApp {
  /** The base path, e.g. /usercenter. */
  base: string;
  distDir: string;
  /** Answers index.html (the base, /index.html and every page path). */
  sendIndex: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Headers of the app's documents (its other files than hashed scripts and styles). */
  documentHeaders?: Record<string, string>;
}

/** The 503 page while `name`'s build is missing. */
export function notBuiltPage(config: Config, name: string): string {
  return renderPage({
    title: `${name}尚未构建`,
    homeUrl: config.site.mainSiteUrl,
    footer: [config.site.copyright],
    body: `<div class="notice"><h1>${name}前端尚未构建</h1>
<p>服务器没有找到${name}的构建产物，请在项目根目录运行 <code>npm run build</code> 后刷新本页。</p></div>`,
  });
}

export async function serveBuiltApp(
  app: FastifyInstance,
  { base, distDir, sendIndex, documentHeaders = {} }: BuiltApp,
): Promise<void> {
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        index: false,
        cacheControl: false,
        preCompressed: true,
        suppressWarning: true,
        // The build manifest (.vite/) is for this server to read, not for browsers.
        allowedPath: (pathname) => !pathname.split('/').some((segment) => segment.startsWith('.')),
        // A hashed asset never changes: its ETag is the validator of the others, Last-Modified adds nothing.
        lastModified: false,
        setHeaders: (reply, filePath) => {
          const hashed = path.relative(distDir, filePath).startsWith(`${ASSETS_DIR}${path.sep}`);
          reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
          if (hashed && SUBRESOURCE.test(filePath))
            for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
          else for (const [name, value] of Object.entries(documentHeaders)) reply.header(name, value);
        },
      });
      scope.get('/', { schema: { hide: true } }, sendIndex);
      scope.get('/index.html', { schema: { hide: true } }, sendIndex);
      // Not a file: the client router decides (history mode), except for missing assets and non-GETs.
      scope.setNotFoundHandler((request, reply) => {
        const isPage = request.method === 'GET' || request.method === 'HEAD';
        if (isPage && !request.url.startsWith(builtAssets(base))) return sendIndex(request, reply);
        return reply.code(404).send(bodyOf(errors.notFound()));
      });
    },
    { prefix: base },
  );
}
