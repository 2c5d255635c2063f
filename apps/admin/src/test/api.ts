// The console tests' fake API: msw answers the real HTTP client from routes each test declares, in the product's
// envelope, and records every request it sees.
import { CODE } from '@uc/shared';
import { HttpResponse, http as route } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export interface ApiCall {
  method: string;
  /** The path without origin or query: '/api/admin/audit/'. */
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

/** What a route answers: a value becomes the envelope's `data`; a Response (`httpError`, `fileAnswer`) goes as it is. */
export type RouteHandler = (input: Record<string, unknown>) => unknown;

export interface Routes {
  get?: Record<string, RouteHandler>;
  post?: Record<string, RouteHandler>;
  put?: Record<string, RouteHandler>;
}

const calls: ApiCall[] = [];

async function record(request: Request): Promise<ApiCall> {
  const url = new URL(request.url);
  const text = await request.text();
  const call: ApiCall = {
    method: request.method.toLowerCase(),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    // A multipart body (an upload) is recorded by its fields' names only.
    body: !text
      ? {}
      : (request.headers.get('content-type') ?? '').startsWith('multipart/')
        ? { multipart: text }
        : (JSON.parse(text) as Record<string, unknown>),
  };
  calls.push(call);
  return call;
}

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

/** A failure as the server sends it: the HTTP status, the envelope's code and message. */
export function httpError(status: number, message: string, code = status): Response {
  return HttpResponse.json({ code, message, data: null }, { status });
}

/** A file answer (an export). */
export function fileAnswer(name: string): Response {
  return new HttpResponse('xlsx', {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
}

/** The API answers with these routes (replacing those declared before); anything else is a 404. */
export function mockApi(routes: Routes): void {
  server.resetHandlers();
  const handlers = (['get', 'post', 'put'] as const).flatMap((method) =>
    Object.entries(routes[method] ?? {}).map(([path, answer]) =>
      route[method](`*${path}`, async ({ request }) => {
        const call = await record(request);
        const value = await answer(method === 'get' ? call.query : call.body);
        if (value instanceof Response) return value;
        return HttpResponse.json({ code: CODE.ok, message: '', data: value ?? null });
      }),
    ),
  );
  server.use(...handlers);
}

/** The requests of this test so far; with a method and path, only those. */
export function requests(method?: string, path?: string): ApiCall[] {
  return calls.filter((c) => (!method || c.method === method) && (!path || c.path === path));
}
