// docs/api.md's "Every path" table names every route the server registers, and nothing it does not: a route added
// without its row, or a row left behind by a route that went, fails here naming the method and path. The routes are
// collected as the app the tests build registers them (AppDeps.onRoute; NODE_ENV test, so the development helpers
// are there too). Left out: HEAD (Fastify adds one beside every GET) and the files the OpenAPI page and the two built
// apps serve under their own wildcards (EXCLUDED). The routes do not depend on the database: run once, on SQLite.
import { readFileSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

const API_DOC = new URL('../../../../docs/api.md', import.meta.url);

/** Routes that are files of a page rather than calls: Swagger UI's own, and each built app's index.html. */
const EXCLUDED = new Set([
  'GET /docs/static/*',
  'GET /docs/static/index.html',
  'GET /docs/static/swagger-initializer.js',
  'GET /usercenter/index.html',
  'GET /admin/index.html',
]);

/** One spelling for a path: no query, no trailing slash (both are served), parameters unnamed (`{id}` and `:id`). */
function normalisePath(path: string): string {
  return path
    .replace(/\?.*$/, '')
    .replace(/\{\w+\}|:\w+/g, ':')
    .replace(/([^/])\*$/, '$1/*')
    .replace(/(.)\/$/, '$1');
}

/** `METHOD path` of every row of the "Every path" table: each method of its first cell with each path of its second. */
function documentedRoutes(markdown: string): Set<string> {
  const start = markdown.indexOf('\n## Every path\n');
  if (start < 0) throw new Error('docs/api.md has no "## Every path" section');
  const end = markdown.indexOf('\n## ', start + 1);
  const routes = new Set<string>();
  for (const line of markdown.slice(start, end < 0 ? undefined : end).split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const [, methodCell = '', pathCell = ''] = cells;
    if (!line.startsWith('|') || methodCell === 'method' || methodCell.startsWith('---')) continue;
    const methods = methodCell.split(',').map((method) => method.replace(/\(.*\)/, '').trim());
    for (const [, path = ''] of pathCell.matchAll(/`(\/[^`]*)`/g)) {
      for (const method of methods) routes.add(`${method} ${normalisePath(path)}`);
    }
  }
  return routes;
}

let t: TestApp;
const registered = new Set<string>();

beforeAll(async () => {
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const key = `${method} ${normalisePath(route.url)}`;
      if (!EXCLUDED.has(key)) registered.add(key);
    }
  };
  t = await createTestApp({}, { onRoute });
});
afterAll(async () => {
  await t.close();
});

describe('docs/api.md "Every path"', () => {
  const documented = documentedRoutes(readFileSync(API_DOC, 'utf8'));

  it('lists every route the server registers', () => {
    expect(registered.size).toBeGreaterThan(200);
    const missing = [...registered].filter((route) => !documented.has(route)).sort();
    expect(missing, 'routes missing from the "Every path" table of docs/api.md').toEqual([]);
  });

  it('lists no route the server does not register', () => {
    const stale = [...documented].filter((route) => !registered.has(route) && !EXCLUDED.has(route)).sort();
    expect(stale, 'rows of the "Every path" table that no route serves').toEqual([]);
  });
});
