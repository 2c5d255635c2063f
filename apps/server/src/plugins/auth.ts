// Token -> user: routes with `config: { auth: true }` are signed-in only and get request.user (ARCHITECTURE.md §5).
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../errors.js';
import type { AuthService, AuthUser } from '../modules/auth/service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Signed-in only: the bearer token is checked right after the rate limits, before the body is read. */
    auth?: boolean;
  }
  interface FastifyRequest {
    /** Set on `auth` routes; null elsewhere. */
    user: AuthUser | null;
  }
}

/** The bearer token of the request. Only the Authorization header counts: a cookie never authenticates. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The signed-in user of an `auth` route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw errors.unauthorized();
  return request.user;
}

/** Must be registered after the rate-limit plugin, so that limits run before the token check. */
export const authPlugin = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('user', null);
    const authenticate: onRequestHookHandler = async (request) => {
      request.user = await auth.authenticate(bearerToken(request));
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.auth) return;
      const hooks = route.onRequest ?? [];
      route.onRequest = [...(Array.isArray(hooks) ? hooks : [hooks]), authenticate];
      if (route.schema) route.schema.security ??= [{ bearer: [] }];
    });
  },
  { name: 'auth', dependencies: ['rate-limit'] },
);
