// The open API's four products under /openapi/v1/: each route needs an API key (`config: { apiKey }`, checked by
// plugins/api-key-auth.ts before the input is read), and its answer is charged one call of the API package once it
// succeeded, kept for the Idempotency-Key so that a retry is answered again without a second charge.
import { hasIllegalChars, MSG } from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../errors.js';
import { ok } from '../../lib/envelope.js';
import { OPEN_ROUTES, type OpenRoute } from './docs.js';
import type { IdempotentRequest, OpenApiService } from './service.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The Idempotency-Key header: up to 64 printable characters; anything else is no key at all (400). */
function idempotencyKey(request: FastifyRequest): string | undefined | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > 64 || hasIllegalChars(value))
    return null;
  return value;
}

/** A computed answer: its data, and whether it is complete (an incomplete one is not charged). */
interface Computed {
  data: unknown;
  complete: boolean;
}

export const openApiProductRoutes: FastifyPluginAsyncZod<{ openApi: OpenApiService }> = async (
  app,
  { openApi },
) => {
  const answer = async (
    request: FastifyRequest,
    route: OpenRoute,
    compute: () => Promise<Computed> | Computed,
  ) => {
    const caller = request.apiCaller;
    if (!caller) throw new Error('the open API hook did not authenticate');
    const key = idempotencyKey(request);
    if (key === null) throw errors.badRequest();
    // The parameters as the route parsed them (trimmed, defaults set): what a retry must repeat.
    const idem: IdempotentRequest | undefined =
      key === undefined
        ? undefined
        : {
            key,
            method: route.method,
            product: route.product,
            params: route.method === 'GET' ? (request.query ?? {}) : (request.body ?? {}),
          };
    if (idem !== undefined) {
      const kept = await openApi.answered(caller, idem);
      if (kept) return kept;
    }
    const { data, complete } = await compute();
    const fresh = {
      status: 200,
      body: JSON.stringify(complete ? ok(data) : ok(data, MSG.useIncomplete)),
    };
    const final = await openApi.charge(caller, route.product, idem, fresh, complete);
    request.apiCallLogged = final === fresh;
    return final;
  };

  for (const route of OPEN_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      config: { apiKey: route.product },
      // A HEAD would be metered like its GET while answering no data: the open API has none.
      exposeHeadRoute: false,
      schema: {
        tags: ['openapi'],
        summary: `${route.summary}（开放接口，API密钥认证）`,
        description: route.description,
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.body ? { body: route.body } : {}),
      },
      handler: async (request, reply) => {
        const done = await answer(request, route, async () => {
          const q = (request.query ?? {}) as never;
          // A list is a complete answer, rows or none; a score is complete once it reached a conclusion.
          if (route.product === 'policies') return { data: await openApi.policies(q), complete: true };
          if (route.product === 'policy-items') return { data: await openApi.policyItems(q), complete: true };
          if (route.product === 'publicity') return { data: await openApi.publicity(q), complete: true };
          const score = openApi.htsScore(request.body as never);
          return { data: score, complete: score.charged };
        });
        return reply.code(done.status).type(JSON_TYPE).send(done.body);
      },
    });
  }
};
