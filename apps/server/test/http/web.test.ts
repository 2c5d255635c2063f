import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ONLY_HEADERS } from '../../src/plugins/security.js';
import { createTestApp, type TestApp } from '../support/app.js';

const INDEX = `<!doctype html><html><head><title>会员中心</title>
<script id="uc-runtime-config" type="application/json">{}</script>
<script type="module" src="/usercenter/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    site: { hotline: '400-000-0000', copyright: '</script><script>alert(1)</script>' },
  });
  await mkdir(path.join(t.config.webDistDir, 'assets'), { recursive: true });
  await writeFile(path.join(t.config.webDistDir, 'index.html'), INDEX);
  await writeFile(path.join(t.config.webDistDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  await writeFile(path.join(t.config.webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => t.close());

function runtimeConfigOf(html: string): unknown {
  const match = new RegExp(
    `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  return JSON.parse(match?.[1] ?? 'null');
}

describe('the web app under /usercenter/', () => {
  it.each([
    '/usercenter/',
    '/usercenter',
    '/usercenter/index.html',
    '/usercenter/dashboard',
    '/usercenter/a/b/c?x=1',
  ])('%s answers index.html with the runtime config', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(runtimeConfigOf(res.body)).toEqual({
      apiBaseUrl: '',
      mainSiteUrl: 'https://www.chacewang.com',
      wsUrl: '',
      icp: '粤ICP备17050740号',
      copyright: '</script><script>alert(1)</script>',
      hotline: '400-000-0000',
      chatbotScriptUrl: '',
      toolHosts: ['https://rd.chacewang.com', 'https://gq.chacewang.com'],
    });
    // No configured value can close the script element.
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('serves hashed assets for a year and other files with revalidation', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/usercenter/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/usercenter/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends a script only the headers that act on it; a file a browser may open as a document keeps them all', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/usercenter/assets/index-abc123.js' });
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    expect(asset.headers.etag).toBeDefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    const icon = await t.app.inject({ method: 'GET', url: '/usercenter/favicon.svg' });
    for (const name of DOCUMENT_ONLY_HEADERS) expect(icon.headers[name], name).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/usercenter/dashboard' });
    for (const name of DOCUMENT_ONLY_HEADERS) expect(page.headers[name], name).toBeDefined();
  });

  it('answers 404 for a missing asset rather than the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/usercenter/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });

  it('redirects / to /usercenter/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/usercenter/');
  });
});

describe('without a web build', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare.close());

  it('explains in Chinese how to build it', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/usercenter/dashboard' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('npm run build');
    expect(res.body).toContain('尚未构建');
  });
});

describe('public pages', () => {
  it.each([
    ['/agreement.html', '查策网用户服务协议'],
    ['/usercenter/vipAgreement.html', '查策网会员服务协议'],
  ])('%s is a real page titled %s', async (url, title) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body).toContain(`<h1>${title}</h1>`);
    expect(res.body.match(/<h2>/g)?.length).toBeGreaterThanOrEqual(6);
    expect(res.body).toContain('400-000-0000');
    expect(res.body).not.toContain('<script');
  });

  it('says an unknown news item is gone, with a way back', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/news/detail?guid=abc' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('资讯不存在或已下线');
    expect(res.body).toContain('href="/usercenter/news"');
  });
});

describe('development helpers', () => {
  it('serves a framable sample tool that reports its height', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/__dev/tool' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('示例工具');
    expect(page.body).toContain('<script src="/__dev/tool.js"></script>');
    expect(String(page.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(page.headers['x-frame-options']).toBeUndefined();
    const script = await t.app.inject({ method: 'GET', url: '/__dev/tool.js' });
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain("type: 'uc:iframe-height'");
    expect(script.body).toContain('document.documentElement.scrollHeight');
  });

  it('are not mounted in production', async () => {
    const prod = await createTestApp({ nodeEnv: 'production' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/__dev/tool' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('the per-address limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimitPerMinute: 3 });
    await mkdir(path.join(limited.config.webDistDir, 'assets'), { recursive: true });
    await writeFile(path.join(limited.config.webDistDir, 'index.html'), INDEX);
    await writeFile(path.join(limited.config.webDistDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  });
  afterAll(() => limited.close());

  it("leaves out the apps' hashed assets (a page loads about a hundred) and counts pages and calls", async () => {
    for (let n = 0; n < 10; n += 1) {
      const asset = await limited.app.inject({ method: 'GET', url: '/usercenter/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
    }
    const missing = await limited.app.inject({ method: 'GET', url: '/admin/assets/none.js' });
    expect(missing.statusCode).toBe(404);
    const statuses = [];
    for (let n = 0; n < 4; n += 1)
      statuses.push((await limited.app.inject({ method: 'GET', url: '/usercenter/dashboard' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 503]);
  });
});
