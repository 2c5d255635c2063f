import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { BOOT_SCRIPT_HASH } from '../../src/plugins/boot-script.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    corsOrigins: ['https://app.example.com'],
    site: {
      chatbotScriptUrl: 'https://bot.example.com/widget.js',
      apiBaseUrl: 'https://api.example.com',
      wsUrl: 'wss://push.example.com',
    },
  });
});
afterAll(() => t.close());

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nope/'],
    ['POST', '/api/ccw/goods/unknown'],
    ['GET', '/auth/whatever/'],
    ['GET', '/account/userhometj/Nope/'],
    ['GET', '/tools/api/Nope/'],
    ['GET', '/saastools/nope'],
    ['GET', '/product/nope/'],
    ['GET', '/auth/login/'],
  ])('%s %s answers a JSON 404 envelope', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 404, message: MSG.notFound, data: null, detail: MSG.notFound });
  });
});

describe('malformed requests', () => {
  it('answer a 400 envelope for a URL that cannot be decoded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%zz/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.badRequest, data: null, detail: MSG.badRequest });
  });

  it('answer a 400 envelope for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 400, message: '请求内容过大' });
  });
});

describe('operations', () => {
  it('answers /healthz once the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('exposes Prometheus metrics with the request histogram', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} \d+/,
    );
  });

  it('serves the OpenAPI document and Swagger UI at /docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/login/', '/auth/logout', '/auth/info/', '/auth/build/menus/']),
    );
    expect(doc.paths['/auth/info/'].get.security).toEqual([{ bearer: [] }]);
    // One body per login type (1 SMS, 2 account, 3 bind); the account one needs username and password.
    const loginVariants: { properties: { type: { enum: number[] } }; required: string[] }[] =
      doc.paths['/auth/login/'].post.requestBody.content['application/json'].schema.oneOf;
    expect(loginVariants.map((v) => v.properties.type.enum[0])).toEqual([1, 2, 3]);
    expect(loginVariants[1]?.required).toEqual(expect.arrayContaining(['username', 'password']));
  });
});

describe('security headers', () => {
  it('sends a CSP allowing only our origin plus the configured hosts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https://www.chacewang.com");
    expect(csp).toContain("frame-src 'self' https://rd.chacewang.com https://gq.chacewang.com");
    // The one inline script allowed is the page loader, by its hash.
    expect(csp).toContain(`script-src 'self' ${BOOT_SCRIPT_HASH} https://bot.example.com`);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain(
      "connect-src 'self' https://api.example.com wss://push.example.com https://bot.example.com",
    );
    expect(csp).not.toMatch(/connect-src[^;]* wss?:(?!\/\/)/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Every answer carries them, an unknown path's 404 included.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-call/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(csp);
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('allows the configured origins cross-origin, with credentials', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/info/',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization/);

    const other = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('unexpected failures', () => {
  it('answer 500 with the Chinese envelope and no internals', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'uc-test-'));
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET }),
    );
    app.get('/api/boom/', async () => {
      throw new Error('SELECT secret FROM users');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/boom/' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, message: MSG.internal, data: null, detail: MSG.internal });
      expect(res.body).not.toContain('secret');
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
