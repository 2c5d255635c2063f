// Security headers (helmet with the product's CSP) and, when CORS_ORIGINS is set, cross-origin calls with credentials.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

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
    'script-src': ["'self'", ...originOf(site.chatbotScriptUrl)],
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

export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config.site) },
    });
    if (config.corsOrigins.length > 0) {
      await app.register(cors, {
        origin: config.corsOrigins,
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        maxAge: 600,
      });
    }
  },
  { name: 'security' },
);
