// Request-rate limits per IP: a generous global one and stricter per-route ones (route `config.rateLimit`), answered with 503.
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { errors } from '../errors.js';

interface RateLimitOptions {
  /** Requests per IP per minute on every route; 0 leaves only the per-route limits. */
  perMinute: number;
  /** Shared counters across instances; null keeps them in memory. */
  redis: Redis | null;
  prefix: string;
  /**
   * URL prefixes the global limit leaves out: the apps' hashed, immutable assets. A member page loads about a hundred
   * modules, so counting them would spend the budget of one address in a few dozen page loads: an office of members
   * behind one address, or a browser test, would be refused its pages' own code. The API calls a page makes count.
   */
  unlimited: readonly string[];
}

/**
 * The limiter's own key (the IP, IPv6 by /56 subnet), for a request whose socket is already gone too: a client that
 * breaks its chunked body has its socket closed while the request is routed, and `request.ip` is then undefined.
 */
function keyOf(request: FastifyRequest): string {
  const ip = request.ip ?? request.socket.remoteAddress;
  return ip ? normalizeIP(ip) : 'closed';
}

export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { perMinute, redis, prefix, unlimited }) => {
    await app.register(rateLimit, {
      global: perMinute > 0,
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: keyOf,
      allowList: (request) => unlimited.some((start) => request.url.startsWith(start)),
      ...(redis ? { redis, nameSpace: `${prefix}rl:` } : {}),
      // docs/requirements.md §8: HTTP 503 is the protective limit the client sends to /usercenter/503.
      errorResponseBuilder: () => errors.tooManyRequests(),
    });
  },
  { name: 'rate-limit' },
);
