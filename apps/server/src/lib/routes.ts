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
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, ok } from './envelope.js';

/** The `{name}` parameters of a path as docs/requirements.md §7 writes it, as Fastify writes them (`:name`). */
export const routePath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

/** The app as the route files see it: its schemas are zod's. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A route of the zod-typed app: its options, and (`handler`) the function answering it. */
type Route<S extends FastifySchema> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** The methods of the routes here. */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Registers the same options and handler at each of `urls`, so a route is written once. */
export function routeAt<const S extends FastifySchema>(
  app: ZodApp,
  method: Method,
  urls: readonly string[],
  options: Omit<Route<S>, 'method' | 'url' | 'handler'>,
  handler: Route<S>['handler'],
): void {
  for (const url of urls) app.route({ ...options, method, url, handler });
}

/** A route answering data: who may call it, its documentation, what it accepts, and the schema of the data. */
interface DataRoute<Q extends Parsed, B extends Parsed, D extends z.ZodType, P extends Parsed = undefined> {
  /** Who may call it (plugins/auth.ts) and its rate limit; none for a public route. */
  config?: FastifyContextConfig;
  tags: string[];
  summary: string;
  description?: string;
  /** The path's `:name` parameters (a console route's `:id`). */
  params?: P;
  querystring?: Q;
  body?: B;
  data: D;
  /** The envelope's message (default MSG.ok); a route answering only this message returns null data. */
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

/** Data with the message its handler chose, for a route whose message depends on the answer. */
class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

/** What a DataRoute's `read` returns to answer `data` with `message` instead of the route's own message. */
export const answer = <T>(data: T, message: string) => new Answer(data, message);

/** Registers a route at each of `urls` answering what `read` returns as the success envelope's data. */
export function dataAt<
  const Q extends Parsed,
  const B extends Parsed,
  const D extends z.ZodType,
  const P extends Parsed = undefined,
>(
  app: ZodApp,
  method: Method,
  urls: readonly string[],
  { config, data, message, ...schema }: DataRoute<Q, B, D, P>,
  read: (request: DataRequest<Q, B, P>) => Promise<z.input<D> | Answer<z.input<D>>>,
): void {
  const options = { ...(config && { config }), schema: { ...schema, response: { 200: envelope(data) } } };
  // The schemas have parsed the query and the body by the time the handler runs: the cast states what they checked.
  routeAt<FastifySchema>(app, method, urls, options, async (request) => {
    const answered = await read(request as DataRequest<Q, B, P>);
    return answered instanceof Answer ? ok(answered.data, answered.message) : ok(answered, message);
  });
}
