// Security headers (helmet with the product's CSP) and, when CORS_ORIGINS is set, cross-origin calls with credentials.
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { BOOT_SCRIPT_HASH } from './boot-script.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Headers that replace the product's security headers on this route (a header set to null is removed). */
    securityHeaders?: Record<string, string | null>;
  }
}

const originOf = (url: string) => (url ? [new URL(url).origin] : []);

/** Only our origin, plus the main site's images, the tool hosts' frames, the chatbot and the API/WS hosts. */
export function cspDirectives(site: Config['site']): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...originOf(site.mainSiteUrl)],
    'font-src': ["'self'", 'data:'],
    'frame-src': ["'self'", ...site.toolHosts],
    // The hash allows the one inline script, the pages' module loader (plugins/boot-script.ts).
    'script-src': ["'self'", BOOT_SCRIPT_HASH, ...originOf(site.chatbotScriptUrl)],
    // Ant Design injects its styles at runtime.
    'style-src': ["'self'", "'unsafe-inline'"],
    // CSP Level 3 'self' also matches ws:/wss: on our own host, so only a separate WS_URL host is listed.
    'connect-src': [
      "'self'",
      ...originOf(site.apiBaseUrl),
      ...originOf(site.wsUrl),
      ...originOf(site.chatbotScriptUrl),
    ],
  };
}

/**
 * The headers helmet sets for these options, computed once: @fastify/helmet rebuilds helmet and parses the CSP on
 * every request, which cost 13% of a cached `auth/info/`. Helmet's static options set the same headers on every
 * response, so they are taken from one run of its middleware.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  let done = false;
  const res = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** The Content-Security-Policy header of these directives, as helmet writes it. */
export function cspHeader(directives: Record<string, string[]>): string {
  const value = helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives } })[
    'content-security-policy'
  ];
  if (!value) throw new Error('helmet set no Content-Security-Policy');
  return value;
}

/**
 * The security headers that act only on a document (or a worker): a script or stylesheet the page loads is governed
 * by the page's own headers, so on those files these are bytes on every request and nothing else (about 650 bytes
 * each; a member's first view loads 40-80 such files). `x-content-type-options`, `cross-origin-resource-policy` and
 * `referrer-policy` (which a module script's own imports follow) stay. Files that a browser may open as a document
 * (HTML, SVG) keep them all.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Whether the client reached us over https: the socket is TLS, or, with TRUST_PROXY, the proxy says so in
 * X-Forwarded-Proto (Fastify reads that header only from a trusted proxy). HSTS and `Secure` cookies follow it.
 */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

const HSTS = 'strict-transport-security';

export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const { [HSTS]: hsts, ...headers } = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config.site) },
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      // HSTS over plain http is ignored by browsers at best, and pins a host that may never serve https at worst.
      if (hsts && isHttps(request)) reply.header(HSTS, hsts);
      const own = request.routeOptions.config.securityHeaders;
      if (!own) return;
      for (const [name, value] of Object.entries(own)) {
        if (value === null) reply.removeHeader(name);
        else reply.header(name, value);
      }
    });
    if (config.corsOrigins.length > 0) {
      await app.register(cors, {
        origin: config.corsOrigins,
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
        // An export's file name is read by the page from another origin too.
        exposedHeaders: ['Content-Disposition'],
        maxAge: 600,
      });
    }
  },
  { name: 'security' },
);
