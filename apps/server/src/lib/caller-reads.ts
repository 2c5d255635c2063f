// GET routes answering data read for the caller (a dashboard figure, the member's plan, its cards, a page of its
// records): each declared by its paths, its documentation, the data's schema and the one call reading it.
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { dataAt } from './routes.js';

/** What the reads of one route file share: who may call them (plugins/auth.ts), their OpenAPI tags. */
interface ReadOptions {
  config?: FastifyContextConfig;
  tags: string[];
}

/** A read's documentation, and the query it takes (a page, a size, a filter), if any. */
interface ReadDocs<Q extends z.ZodType> {
  summary: string;
  description?: string;
  querystring?: Q;
}

type Answer<D extends z.ZodType> = z.input<D> | Promise<z.input<D>>;

/**
 * The declaration of such routes on `app`: `caller` tells whom a request reads for (the member, the signed-in
 * account), `options` what the routes share. Called, it declares a read taking no input; `withQuery` one whose
 * answer also depends on its parsed query.
 */
export function callerReads<C>(
  app: Parameters<typeof dataAt>[0],
  caller: (request: FastifyRequest) => C,
  options: ReadOptions,
) {
  const withQuery = <const Q extends z.ZodType, const D extends z.ZodType>(
    urls: readonly string[],
    docs: ReadDocs<Q>,
    data: D,
    read: (caller: C, query: z.output<Q>) => Answer<D>,
  ): void =>
    dataAt(app, 'GET', urls, { ...options, ...docs, data }, async (request) =>
      read(caller(request), request.query as z.output<Q>),
    );
  const alone = <const D extends z.ZodType>(
    urls: readonly string[],
    summary: string,
    data: D,
    read: (caller: C) => Answer<D>,
  ): void => withQuery(urls, { summary }, data, (of) => read(of));
  return Object.assign(alone, { withQuery });
}
