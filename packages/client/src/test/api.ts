// The fake API of both apps' tests (@uc/client/test, imported by tests only): msw answers the app's real HTTP client
// (its failure policy included) from routes each test declares, in the product's envelope, and records every request
// it sees. Importing it starts the fake server for the test file.
import { CODE } from '@uc/shared';
import { HttpResponse, http as route } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** One request as the server received it. */
export interface ApiCall {
  /** Lower case: 'get', 'post', 'put', 'delete'. */
  method: string;
  /** The path without origin or query, with its leading slash: '/auth/login/'. */
  path: string;
  query: Record<string, string>;
  /** A JSON body parsed; a form or multipart body as its fields (files as File objects); {} without a body. */
  body: Record<string, unknown>;
  /** The raw text of a JSON or form body. */
  text: string;
  headers: Headers;
}

/**
 * Answers one route. It receives the query (GET, DELETE) or the body (POST, PUT). What it returns becomes the
 * envelope's `data` with code 200, unless it is a Response (`reply`, `refuse`, `httpError`, `networkError`,
 * `fileAnswer`), which is sent as it is.
 */
export type RouteHandler = (input: Record<string, unknown>) => unknown;

export interface Routes {
  get?: Record<string, RouteHandler>;
  post?: Record<string, RouteHandler>;
  put?: Record<string, RouteHandler>;
  delete?: Record<string, RouteHandler>;
}

const calls: ApiCall[] = [];

async function record(request: Request): Promise<ApiCall> {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  let body: Record<string, unknown> = {};
  let text = '';
  if (type.startsWith('multipart/form-data')) {
    (await request.formData()).forEach((value, key) => {
      body[key] = value;
    });
  } else {
    text = await request.text();
    if (text && type.includes('json')) body = JSON.parse(text) as Record<string, unknown>;
    else if (text && type.includes('x-www-form-urlencoded'))
      body = Object.fromEntries(new URLSearchParams(text));
  }
  const call: ApiCall = {
    method: request.method.toLowerCase(),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body,
    text,
    headers: request.headers,
  };
  calls.push(call);
  return call;
}

/** A request no route declares: recorded, and answered 404 with its name so a failing test says what it missed. */
const unhandled = route.all('*', async ({ request }) => {
  const call = await record(request);
  const message = `no route for ${call.method.toUpperCase()} ${call.path}`;
  return HttpResponse.json({ code: 404, message, data: null }, { status: 404 });
});

export const server = setupServer(unhandled);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The raw response body, HTTP 200 unless `status` says otherwise. */
export function reply(body: unknown, status = 200): Response {
  return HttpResponse.json(body as Record<string, unknown>, { status });
}

/** A business refusal as the server sends it: HTTP 200, another body code, its message. */
export function refuse(code: number, message: string, data: unknown = null): Response {
  return reply({ code, message, data });
}

/** A failure with an HTTP status (401, 403, 500…), the body code and message beside it. */
export function httpError(status: number, message = '', code = status): Response {
  return reply({ code, message, data: null }, status);
}

/** No answer at all (the network is down). */
export function networkError(): Response {
  return HttpResponse.error();
}

/** A file answer (an export), saved under `name`. */
export function fileAnswer(name: string): Response {
  return new HttpResponse('xlsx', {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
}

const withSlash = (path: string) => (path.startsWith('/') ? path : `/${path}`);

/**
 * The API answers with these routes, replacing the routes declared before in the test; for one path a later
 * table wins (an area's common routes first, the test's own after). A request no route declares is answered 404.
 * Paths are written as the client writes them ('auth/login/' or '/api/...').
 */
export function mockApi(...tables: Routes[]): void {
  server.resetHandlers();
  const methods = ['get', 'post', 'put', 'delete'] as const;
  const handlers = methods.flatMap((method) => {
    const merged: Record<string, RouteHandler> = Object.assign({}, ...tables.map((t) => t[method]));
    return Object.entries(merged).map(([path, answer]) =>
      route[method](`*${withSlash(path)}`, async ({ request }) => {
        const call = await record(request);
        const value = await answer(method === 'get' || method === 'delete' ? call.query : call.body);
        if (value instanceof Response) return value;
        return HttpResponse.json({ code: CODE.ok, message: '', data: value ?? null });
      }),
    );
  });
  server.use(...handlers);
}

/** The requests of this test so far, in order; with a method and path, only those. */
export function requests(method?: string, path?: string): ApiCall[] {
  return calls.filter(
    (c) => (!method || c.method === method.toLowerCase()) && (!path || c.path === withSlash(path)),
  );
}
