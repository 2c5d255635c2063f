// The open API's sign-in check: routes with `config: { apiKey: '<product>' }` need a member's API key
// (`Authorization: Bearer ccw_…`), checked before the input is read, and put its caller on the request
// (`request.apiCaller`). A call that the route did not log with its charge (`request.apiCallLogged`) is logged once
// answered, as not charged: refused, failed, or answered again for its Idempotency-Key.
import type { OpenApiProduct } from '@uc/shared';
import type { onRequestHookHandler, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken } from './auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An open API route: the product of the API package it answers, called with an API key. */
    apiKey?: OpenApiProduct;
  }
  interface FastifyRequest {
    /** The API key's caller, once authenticated (`apiKey` routes). */
    apiCaller?: ApiKeyCaller;
    /** The call was logged with its charge (or as free) when its answer was kept. */
    apiCallLogged?: boolean;
  }
}

/** The key a call was made with. */
export interface ApiKeyCaller {
  keyId: number;
  userId: number;
}

/** What the plugin needs of the open API module (its service satisfies it); app.ts hands it in. */
export interface ApiKeys {
  /**
   * The caller of a bearer key (undefined: none sent) from `ip`; throws the 401 of an unknown, revoked or
   * not-allowed key, the 403 of a suspended one, the 429 over its rate.
   */
  authenticate(bearer: string | undefined, ip: string): Promise<ApiKeyCaller>;
  /** Logs a call that was not charged. */
  log(caller: ApiKeyCaller, product: string, status: number): Promise<void>;
}

/** Must be registered after the rate-limit plugin, so that limits run before the key check. */
export const apiKeyAuthPlugin = fp<{ keys: ApiKeys }>(
  async (app, { keys }) => {
    app.addHook('onRoute', (route) => {
      const product = route.config?.apiKey;
      if (!product) return;
      const authenticate: onRequestHookHandler = async (request) => {
        request.apiCaller = await keys.authenticate(bearerToken(request) ?? undefined, request.ip);
      };
      const logUncharged: onResponseHookHandler = async (request, reply) => {
        const caller = request.apiCaller;
        // A call whose answer was kept was logged with it.
        if (!caller || request.apiCallLogged === true) return;
        await keys.log(caller, product, reply.statusCode);
      };
      const onRequest = route.onRequest ?? [];
      route.onRequest = [...(Array.isArray(onRequest) ? onRequest : [onRequest]), authenticate];
      const onResponse = route.onResponse ?? [];
      route.onResponse = [...(Array.isArray(onResponse) ? onResponse : [onResponse]), logUncharged];
    });
  },
  { name: 'api-key-auth', dependencies: ['rate-limit'] },
);
