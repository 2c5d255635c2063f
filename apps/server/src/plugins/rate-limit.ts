// Request-rate limits per IP: a generous global one and stricter per-route ones (route `config.rateLimit`), answered with 503.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { errors } from '../errors.js';

interface RateLimitOptions {
  /** Requests per IP per minute on every route; 0 leaves only the per-route limits. */
  perMinute: number;
  /** Shared counters across instances; null keeps them in memory. */
  redis: Redis | null;
  prefix: string;
}

export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { perMinute, redis, prefix }) => {
    await app.register(rateLimit, {
      global: perMinute > 0,
      max: perMinute,
      timeWindow: 60_000,
      ...(redis ? { redis, nameSpace: `${prefix}rl:` } : {}),
      // SPEC.md §8: HTTP 503 is the protective limit the client sends to /usercenter/503.
      errorResponseBuilder: () => errors.tooManyRequests(),
    });
  },
  { name: 'rate-limit' },
);
