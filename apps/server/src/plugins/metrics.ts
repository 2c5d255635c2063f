// Prometheus metrics at /metrics: the process defaults plus a request-duration histogram by route, behind a token.
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { errors } from '../errors.js';
import { bearerToken } from './auth.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so the time taken says nothing about how much of the token was right. */
function sameToken(given: string | null, expected: string): boolean {
  return given !== null && timingSafeEqual(digest(given), digest(expected));
}

/**
 * With METRICS_TOKEN set, /metrics answers only `Authorization: Bearer <token>` (401 otherwise). Without one it is
 * open in development and test, and not served at all in production (the 404 of any unknown path): route names,
 * memory and event-loop figures are nobody else's business.
 */
export const metricsPlugin = fp<{ config: Pick<Config, 'metricsToken' | 'nodeEnv'> }>(
  async (app, { config }) => {
    const token = config.metricsToken;
    if (token === null && config.nodeEnv === 'production') return;
    // One registry per app, so tests can build several apps in one process.
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });

    app.addHook('onResponse', async (request, reply) => {
      duration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      if (token !== null && !sameToken(bearerToken(request), token)) throw errors.unauthorized();
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
