// Mounts one route at every path that shares its meaning (docs/requirements.md §7 lists several paths for many calls), and the
// common shape of them: a route whose answer is data in the success envelope.
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, ok } from './envelope.js';

/** The `{name}` parameters of a path as docs/requirements.md §7 writes it, as Fastify writes them (`:name`). */
export const routePath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Options<S extends FastifySchema> = RouteShorthandOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** Registers the same options and handler at each of `urls`, so a route is written once. */
export function routeAt<const S extends FastifySchema>(
  app: ZodApp,
  method: 'GET' | 'POST',
  urls: readonly string[],
  options: Options<S>,
  handler: Handler<S>,
): void {
  for (const url of urls) {
    if (method === 'GET') app.get(url, options, handler);
    else app.post(url, options, handler);
  }
}

/** A route answering data: who may call it, its documentation, what it accepts, and the schema of the data. */
interface DataRoute<Q extends Parsed, B extends Parsed, D extends z.ZodType, P extends Parsed = undefined> {
  config: FastifyContextConfig;
  tags: string[];
  summary: string;
  description?: string;
  /** The path's `:name` parameters (a console route's `:id`). */
  params?: P;
  querystring?: Q;
  body?: B;
  data: D;
  /** The envelope's message (default MSG.ok). */
  message?: string;
}

type Parsed = z.ZodType | undefined;
type Output<T extends Parsed> = T extends z.ZodType ? z.output<T> : unknown;

/** The request of a DataRoute: its parameters, query and body as their schemas parsed them. */
type DataRequest<Q extends Parsed, B extends Parsed, P extends Parsed = undefined> = FastifyRequest<{
  Params: Output<P>;
  Querystring: Output<Q>;
  Body: Output<B>;
}>;

/** Registers a route at each of `urls` answering what `read` returns as the success envelope's data. */
export function dataAt<
  const Q extends Parsed,
  const B extends Parsed,
  const D extends z.ZodType,
  const P extends Parsed = undefined,
>(
  app: ZodApp,
  method: 'GET' | 'POST',
  urls: readonly string[],
  { config, data, message, ...schema }: DataRoute<Q, B, D, P>,
  read: (request: DataRequest<Q, B, P>) => Promise<z.input<D>>,
): void {
  const options = { config, schema: { ...schema, response: { 200: envelope(data) } } };
  // The schemas have parsed the query and the body by the time the handler runs: the cast states what they checked.
  routeAt<FastifySchema>(app, method, urls, options, async (request) =>
    ok(await read(request as DataRequest<Q, B, P>), message),
  );
}
