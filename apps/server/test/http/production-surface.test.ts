// What a production server shows: /metrics behind METRICS_TOKEN, /docs only with DOCS_PUBLIC, HSTS and the Secure
// session cookie only over https (directly or from a trusted proxy).
import { MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigOverrides, createTestApp, type TestApp } from '../support/app.js';

const TOKEN = 'metrics-token-long-enough-0123456789';
const notFound = { code: 404, message: MSG.notFound, data: null, detail: MSG.notFound };
const unauthorized = { code: 401, message: MSG.unauthorized, data: null, detail: MSG.unauthorized };

async function withApp(overrides: ConfigOverrides, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp(overrides);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

describe('/metrics', () => {
  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    await withApp({ metricsToken: TOKEN }, async (t) => {
      const none = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual(unauthorized);
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('process_cpu_user_seconds_total');
    });
  });

  it('is not served in production without a token, and served with one', async () => {
    await withApp({ nodeEnv: 'production' }, async (t) => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    });
    await withApp({ nodeEnv: 'production', metricsToken: TOKEN }, async (t) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
    });
  });
});

describe('/docs', () => {
  it('is off in production unless DOCS_PUBLIC=true', async () => {
    await withApp({ nodeEnv: 'production' }, async (t) => {
      for (const url of ['/docs', '/docs/json']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
    });
    await withApp({ nodeEnv: 'production', docsPublic: true }, async (t) => {
      const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json().openapi).toBe('3.1.0');
    });
  });
});

describe('https only where the request is https', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ trustProxy: 1 });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const challenge = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/slider_code/?username=demouser', headers });
  const secureCookie = (res: { headers: Record<string, unknown> }) =>
    /;\s*Secure/i.test(String(res.headers['set-cookie']));

  it('sends HSTS and a Secure uc_sid behind a trusted proxy that says https', async () => {
    const res = await challenge(proxied, { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(secureCookie(res)).toBe(true);
  });

  it('sends neither over plain http, nor when an untrusted client claims https', async () => {
    for (const res of [
      await challenge(direct),
      await challenge(proxied),
      await challenge(direct, { 'x-forwarded-proto': 'https' }),
    ]) {
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(String(res.headers['set-cookie'])).toMatch(/uc_sid=/);
      expect(secureCookie(res)).toBe(false);
    }
  });
});
