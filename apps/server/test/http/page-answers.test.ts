// A signed-in page carries the answers of its first calls (plugins/page-answers.ts): the same bodies the calls give,
// only for a valid session, never cached by anyone else, and escaped so no value can close the element.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AUTH_API, answerKey, COOKIE, HOME_API, PAGE_ANSWERS_ELEMENT_ID } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { bearer, login } from '../support/login.js';

const INDEX = `<!doctype html><html><head><title>会员中心</title>
<script id="uc-runtime-config" type="application/json">{}</script></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let demo: string;
let trial: string;
beforeAll(async () => {
  t = await createTestApp();
  await mkdir(t.config.webDistDir, { recursive: true });
  await writeFile(path.join(t.config.webDistDir, 'index.html'), INDEX);
  demo = await login(t.app, 'demouser');
  trial = await login(t.app, 'trialuser');
});
afterAll(() => t.close());

async function page(url: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: token ? { cookie: `${COOKIE.token}=${token}` } : {},
  });
}

function answersOf(html: string): Record<string, unknown> | null {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1] ?? 'null') as Record<string, unknown>) : null;
}

describe('a signed-in page', () => {
  it("carries the session's user and menus and the page's first calls, as the calls answer them", async () => {
    const res = await page('/usercenter/dashboard', demo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('cookie');
    const answers = answersOf(res.body);
    expect(answers).not.toBeNull();
    for (const [url, key] of [
      [AUTH_API.info, answerKey(AUTH_API.info)],
      [AUTH_API.menus, answerKey(AUTH_API.menus)],
      [HOME_API.cusInfo, answerKey(HOME_API.cusInfo)],
      [`${HOME_API.subscribeNews}?size=20`, answerKey(HOME_API.subscribeNews, { size: 20 })],
    ] as const) {
      const direct = await t.app.inject({
        method: 'GET',
        url: `/${url.replace(/^\//, '')}`,
        headers: bearer(demo),
      });
      expect(answers?.[key], key).toEqual(direct.json());
    }
  });

  it('answers only the session for a URL with a query (it picks another tab, page or filter)', async () => {
    const answers = answersOf((await page('/usercenter/customer/list?page=2', demo)).body);
    expect(Object.keys(answers ?? {}).sort()).toEqual(
      [answerKey(AUTH_API.menus), answerKey(AUTH_API.info)].sort(),
    );
  });

  it('leaves out a call the member may not make (a trial member has no push settings)', async () => {
    const answers = answersOf((await page('/usercenter/sub/settings', trial)).body);
    expect(answers?.[answerKey(AUTH_API.info)]).toBeDefined();
    expect(Object.keys(answers ?? {})).not.toContain(answerKey('/api/ccw/config/getConfig/'));
  });

  it('is compressed per request for a browser that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/usercenter/order/list',
      headers: { cookie: `${COOKIE.token}=${demo}`, 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(answersOf(brotliDecompressSync(res.rawPayload).toString())).not.toBeNull();
  });
});

describe('a page without a valid session', () => {
  it.each([
    ['no cookie', undefined],
    ['a forged token', 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.bad'],
    ['a token with markup', '</script><script>alert(1)</script>'],
  ])('carries no answers (%s) and stays shared-cacheable as before', async (_what, token) => {
    const res = await page('/usercenter/dashboard', token);
    expect(res.statusCode).toBe(200);
    expect(answersOf(res.body)).toBeNull();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('after logout carries none either', async () => {
    const token = await login(t.app, 'goldvip01');
    expect(answersOf((await page('/usercenter/dashboard', token)).body)).not.toBeNull();
    await t.app.inject({ method: 'POST', url: `/${AUTH_API.logout}`, headers: bearer(token) });
    expect(answersOf((await page('/usercenter/dashboard', token)).body)).toBeNull();
  });
});

describe('the answers element', () => {
  it('cannot be closed by any value', async () => {
    const { answersElement } = await import('../../src/plugins/page-answers.js');
    const html = answersElement({
      'auth/info/': { code: 200, data: { username: '</script><script>alert(1)</script>' } },
    });
    expect(html).not.toContain('</script><script>');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('a page whose session cannot be answered in full', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // Two requests a minute from one address: the page and its user are answered, its menus are refused.
    limited = await createTestApp({ rateLimitPerMinute: 2 });
    await mkdir(limited.config.webDistDir, { recursive: true });
    await writeFile(path.join(limited.config.webDistDir, 'index.html'), INDEX);
  });
  afterAll(() => limited.close());

  it('is sent without answers (the browser asks for them itself), not with the user alone', async () => {
    const token = await login(limited.app, 'demouser');
    const res = await limited.app.inject({
      method: 'GET',
      url: '/usercenter/dashboard',
      headers: { cookie: `${COOKIE.token}=${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(answersOf(res.body)).toBeNull();
    // The menus were refused by the limit: the next request from the address is too.
    const menus = await limited.app.inject({ method: 'GET', url: AUTH_API.menus, headers: bearer(token) });
    expect(menus.statusCode).toBe(503);
  });
});
