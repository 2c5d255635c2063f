// A signed-in page drawn on the server (plugins/page-render.ts): the web build's first-view module renders it in a
// worker from the page's answers; a failure, a timeout or no module leaves the page as it was. The module here is a
// stand-in with the real one's contract (apps/web/src/entry-server.tsx, whose own render the browser journeys check:
// e2e/specs/first-view.spec.ts), so these tests are about what the server does with a render.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COOKIE } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_VIEW_MODULE,
  looksLikePhone,
  MAX_RENDERS_IN_FLIGHT,
  RENDER_TIMEOUT_MS,
} from '../../src/plugins/page-render.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { login } from '../support/login.js';

const INDEX = `<!doctype html><html><head><title>会员中心</title><style>.page{}</style>
<script id="uc-runtime-config" type="application/json">{}</script></head><body><div id="root"></div></body></html>`;

/**
 * Draws who it was asked for, where and for which screen; fails, hangs or declines on the paths that say so. A
 * hanging render first adds a line to `hangs` (so a test knows it is in the worker).
 */
const MODULE = (hangs: string) => `
import { appendFile } from 'node:fs/promises';
export async function renderFirstView(input) {
  if (input.url.endsWith('/fails')) throw new Error('render failed');
  if (input.url.endsWith('/declines')) return null;
  if (input.url.endsWith('/hangs')) {
    await appendFile(${JSON.stringify(hangs)}, 'hang\\n');
    await new Promise((resolve) => setTimeout(resolve, ${RENDER_TIMEOUT_MS} + 1000));
  }
  const user = input.answers['auth/info/'].data.username;
  const text = (value) => String(value).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
  return {
    html: '<main data-phone="' + input.phone + '">' + text(user) + ' ' + text(input.url) + '</main>',
    styles: '<style data-antd>.ant{}</style>',
  };
}
`;

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36';
const DESKTOP_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36';

let t: TestApp;
let demo: string;
let hangs: string;
beforeAll(async () => {
  t = await createTestApp();
  await mkdir(path.join(t.config.webDistDir, path.dirname(FIRST_VIEW_MODULE)), { recursive: true });
  await writeFile(path.join(t.config.webDistDir, 'index.html'), INDEX);
  hangs = path.join(t.config.webDistDir, 'hangs.txt');
  await writeFile(hangs, '');
  await writeFile(path.join(t.config.webDistDir, FIRST_VIEW_MODULE), MODULE(hangs));
  demo = await login(t.app, 'demouser');
});
afterAll(() => t.close());

function page(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { cookie: `${COOKIE.token}=${demo}`, ...headers } });
}

describe('a signed-in page drawn on the server', () => {
  it("has the member's page in #root, antd's styles before the page's own, and the layout it was drawn for", async () => {
    const res = await page('/usercenter/account/safe', { 'user-agent': PHONE_AGENT });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root" data-first-view="phone"><main data-phone="true">demouser /usercenter/account/safe</main></div>',
    );
    expect(res.body).toContain(
      '<title>会员中心</title><style data-antd>.ant{}</style><style>.page{}</style>',
    );
    expect(res.body).toContain('id="uc-answers"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('user-agent');
  });

  it('draws the wide layout for a desktop browser, and the client hints win over the user agent', async () => {
    const wide = await page('/usercenter/order/list', { 'user-agent': DESKTOP_AGENT });
    expect(wide.body).toContain('data-first-view="wide"><main data-phone="false">');
    const hinted = await page('/usercenter/order/list', {
      'user-agent': DESKTOP_AGENT,
      'sec-ch-ua-mobile': '?1',
    });
    expect(hinted.body).toContain('data-first-view="phone"');
  });

  it('is drawn for the URL the browser asked for, query included (it picks a tab, a page, a filter)', async () => {
    const res = await page('/usercenter//sub/list/?activeName=sbtz&page=2');
    expect(res.body).toContain('demouser /usercenter/sub/list?activeName=sbtz&#38;page=2</main>');
  });

  it('leaves the page as it was when the render fails or declines', async () => {
    for (const url of ['/usercenter/fails', '/usercenter/declines']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('data-first-view');
      expect(res.body, url).toContain('id="uc-answers"');
    }
  });

  it('draws nothing for a visitor, an expired session or the index (which only redirects)', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/usercenter/account/safe' });
    const expired = await t.app.inject({
      method: 'GET',
      url: '/usercenter/account/safe',
      headers: { cookie: `${COOKIE.token}=not-a-token` },
    });
    const index = await page('/usercenter/');
    for (const res of [visitor, expired, index]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-first-view');
    }
  });

  it('sends the page without its drawing when the render takes too long, or too many are under way', async () => {
    const started = Date.now();
    const hanging = Array.from({ length: MAX_RENDERS_IN_FLIGHT }, () => page('/usercenter/hangs'));
    await expect
      .poll(async () => (await readFile(hangs, 'utf8')).split('\n').filter(Boolean).length, { interval: 20 })
      .toBe(MAX_RENDERS_IN_FLIGHT);
    // While those are in the worker, a page that would be drawn at once goes out with its skeleton, at once.
    const crowded = await page('/usercenter/account/sub');
    expect(crowded.body).not.toContain('data-first-view');
    expect(Date.now() - started).toBeLessThan(RENDER_TIMEOUT_MS);
    for (const res of await Promise.all(hanging)) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-first-view');
    }
    expect(Date.now() - started).toBeLessThan(RENDER_TIMEOUT_MS + 1000);
    // Once the worker is done with them, pages are drawn again.
    await expect
      .poll(async () => (await page('/usercenter/account/sub')).body, { timeout: 5_000, interval: 250 })
      .toContain('demouser /usercenter/account/sub');
  });
});

describe('looksLikePhone', () => {
  it('reads the client hint first, then the user agent', () => {
    expect(looksLikePhone({ 'sec-ch-ua-mobile': '?1' })).toBe(true);
    expect(looksLikePhone({ 'sec-ch-ua-mobile': '?0', 'user-agent': PHONE_AGENT })).toBe(false);
    expect(looksLikePhone({ 'user-agent': PHONE_AGENT })).toBe(true);
    expect(
      looksLikePhone({
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      }),
    ).toBe(true);
    // An Android tablet says Android without Mobile: wider than a phone.
    expect(
      looksLikePhone({
        'user-agent': 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Safari/537.36',
      }),
    ).toBe(false);
    expect(looksLikePhone({ 'user-agent': DESKTOP_AGENT })).toBe(false);
    expect(looksLikePhone({})).toBe(false);
  });
});
