// Every signed-in route, taken from the OpenAPI document, refuses a missing, tampered, expired or revoked token.
import { MSG } from '@uc/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/app.js';
import { bearer, decodeToken, login } from '../support/login.js';

let t: TestApp;
let valid: string;
let tampered: string;
let expired: string;
let revoked: string;
let routes: { method: string; url: string }[];

beforeAll(async () => {
  t = await createTestApp();
  revoked = await login(t.app, 'demouser');
  valid = await login(t.app, 'demouser'); // ends the first session
  const [h, p, s] = valid.split('.');
  tampered = `${h}.${p}x.${s}`;
  expired = await new SignJWT({ ...decodeToken(valid), exp: Math.floor(Date.now() / 1000) - 60 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));

  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.security?.length)
      // Path parameters get a plausible id: the token check runs before the parameters are read.
      .map(([method, op]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1'), op })),
  );
});
afterAll(() => t.close());

async function call(route: { method: string; url: string }, headers: Record<string, string>) {
  return t.app.inject({
    method: route.method as 'GET',
    url: route.url,
    headers,
    payload: route.method === 'GET' ? undefined : {},
  });
}

describe('signed-in routes', () => {
  it('are found in the OpenAPI document (auth, users, home, member, subscriptions, funding)', () => {
    const urls = routes.map((r) => r.url);
    expect(routes.length).toBeGreaterThan(40);
    for (const prefix of [
      '/auth/info/',
      '/auth/build/menus/',
      '/account/userhometj/',
      '/api/ccw/member/management/',
      '/api/ccw/subscribe/',
      '/tools/api/',
    ]) {
      expect(
        urls.some((u) => u.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('answer 401 without a token', async () => {
    for (const route of routes) {
      const res = await call(route, {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, message: MSG.unauthorized, detail: MSG.unauthorized });
    }
  });

  it('answer 401 to a tampered token', async () => {
    for (const route of routes) {
      const res = await call(route, bearer(tampered));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, message: MSG.tokenInvalid });
    }
  });

  it('answer 401 to an expired token', async () => {
    for (const route of routes) {
      const res = await call(route, bearer(expired));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });

  it('answer body code 30001 to the token of a session ended by a newer login', async () => {
    for (const route of routes) {
      const res = await call(route, bearer(revoked));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(200);
      expect(res.json()).toMatchObject({ code: 30001 });
    }
  });

  it('let the valid token through on every route', async () => {
    for (const route of routes) {
      const res = await call(route, bearer(valid));
      expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
      expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
    }
  });
});
