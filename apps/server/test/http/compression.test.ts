// Compression: pre-compressed assets and index.html chosen by Accept-Encoding, JSON compressed above the threshold.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../../src/plugins/boot-script.js';
import { COMPRESS_THRESHOLD_BYTES } from '../../src/plugins/compression.js';
import { DOCUMENT_ONLY_HEADERS } from '../../src/plugins/security.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { bearer, login } from '../support/login.js';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4096))});`;
const SKELETON_CSS = '.uc-auth{display:flex}';
const INDEX = `<!doctype html><html><head><title>会员中心</title>
<script id="uc-runtime-config" type="application/json">{}</script>
<script type="module" crossorigin src="/usercenter/assets/index-abc123.js"></script>
<link rel="stylesheet" crossorigin href="/usercenter/assets/index-abc123.css"></head>
<body><div id="root"></div>
<template data-skeleton="brand"><b>客服热线 {{hotline}}</b></template>
<template data-skeleton="login" data-paths="/checklogin/index" data-preload="src/login-page.tsx"><div class="uc-auth"><!--skeleton:brand--></div></template>
<template data-skeleton="member" data-session data-preload="src/layout.tsx"><div class="uc-layout"></div></template>
<template data-skeleton="hero"></template>
<template data-skeleton="hero-visitor"><p>游客</p></template>
<template data-skeleton="frame"><main><!--skeleton:hero--></main></template>
<template data-skeleton="home" data-paths="/dashboard" data-visitor data-with="hero:hero-visitor"><!--skeleton:frame--></template>
<template data-skeleton="home-member" data-paths="/dashboard" data-member><!--skeleton:frame--></template>
</body></html>`;
const MANIFEST = {
  'src/main.tsx': { file: 'assets/index-abc123.js', isEntry: true, css: ['assets/index-abc123.css'] },
  'src/login-page.tsx': {
    file: 'assets/login-page-def.js',
    imports: ['_shared.js'],
    css: ['assets/auth-def.css'],
  },
  '_shared.js': { file: 'assets/shared-ghi.js' },
  'src/layout.tsx': { file: 'assets/layout-jkl.js' },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ site: { hotline: '400-000-0000' } });
  const dist = t.config.webDistDir;
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}');
  await writeFile(path.join(dist, 'assets', 'auth-def.css'), SKELETON_CSS);
  // What scripts/build.mjs writes beside each asset.
  const script = path.join(dist, 'assets', 'index-abc123.js');
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  await writeFile(path.join(dist, 'assets', 'small-abc.js'), 'console.log(1);');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('hashed assets', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br;q=0.5', 'gzip'],
    ['gzip', 'gzip'],
  ])('Accept-Encoding %s gets the %s file of the build', async (accepted, encoding) => {
    const res = await get('/usercenter/assets/index-abc123.js', { 'accept-encoding': accepted });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The compressed file is the same script: no document-only header either.
    for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], name).toBeUndefined();
    const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
    expect(body.toString()).toBe(SCRIPT);
  });

  it('without Accept-Encoding gets the plain file', async () => {
    const res = await get('/usercenter/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('the build manifest is not served', async () => {
    const res = await get('/usercenter/.vite/manifest.json');
    expect(res.body).not.toContain('login-page-def.js');
  });

  it('a file too small to have compressed variants is sent as it is, not compressed per request', async () => {
    const res = await get('/usercenter/assets/small-abc.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1);');
  });
});

describe('index.html', () => {
  it.each([
    ['br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => gunzipSync(b)],
  ])('is sent %s-compressed, revalidated, varying by Accept-Encoding', async (encoding, decode) => {
    const res = await get('/usercenter/checklogin/index', { 'accept-encoding': `${encoding}` });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode(res.rawPayload).toString()).toContain('<div class="uc-auth">');
  });

  it('is sent plain when nothing else is accepted', async () => {
    const res = await get('/usercenter/checklogin/index', { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toContain('<div class="uc-auth">');
  });

  it("carries the path's skeleton, its styles inlined and its chunks preloaded", async () => {
    const { body } = await get('/usercenter/checklogin/index/');
    expect(body).toContain('<div id="root"><div class="uc-auth"><b>客服热线 400-000-0000</b></div></div>');
    expect(body).not.toContain('<template');
    expect(body).toContain('<style>body{margin:0}</style>');
    expect(body).toContain(`<style>${SKELETON_CSS}</style>`);
    // Its one stylesheet link is the inlined sheet's marker for Vite's loader: disabled, so never fetched or applied.
    expect(body.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" disabled href="/usercenter/assets/auth-def.css">',
    ]);
    // The entry and the preloads wait for the skeleton's first frame: they are data for the page loader.
    const boot =
      /<script type="application\/json" id="uc-boot">(.*?)<\/script><script>(.*?)<\/script><\/body>/.exec(
        body,
      );
    expect(JSON.parse(boot?.[1] ?? 'null')).toEqual({
      entry: '/usercenter/assets/index-abc123.js',
      links: [
        ['modulepreload', '/usercenter/assets/login-page-def.js'],
        ['modulepreload', '/usercenter/assets/shared-ghi.js'],
      ],
    });
    expect(boot?.[2]).toBe(BOOT_SCRIPT);
    expect(body).not.toContain('<script type="module"');
    expect(body).not.toContain('<link rel="modulepreload"');
  });

  it('keeps the plain page (no skeleton) as Vite wrote it', async () => {
    const { body } = await get('/usercenter/news');
    expect(body).toContain('<script type="module" crossorigin src="/usercenter/assets/index-abc123.js">');
    expect(body).not.toContain('uc-boot');
  });

  it('serves a path its visitor or its member skeleton by the session cookie', async () => {
    const visitor = await get('/usercenter/dashboard');
    expect(visitor.body).toContain('<div id="root"><main><p>游客</p></main></div>');
    const member = await get('/usercenter/dashboard', { cookie: 'CCW-Token=abc' });
    expect(member.body).toContain('<div id="root"><main></main></div>');
  });

  it('gives other paths the session skeleton only with a session cookie', async () => {
    const visitor = await get('/usercenter/news');
    expect(visitor.body).toContain('<div id="root"></div>');
    const member = await get('/usercenter/news', { cookie: 'CCW-Token=abc' });
    expect(member.body).toContain('<div id="root"><div class="uc-layout"></div></div>');
    expect(member.body).toContain('"/usercenter/assets/layout-jkl.js"');
  });
});

describe('JSON responses', () => {
  it('above the threshold are compressed by Accept-Encoding', async () => {
    const token = await login(t.app, 'demouser');
    const plain = await get('/auth/build/menus/', bearer(token));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await get('/auth/build/menus/', { ...bearer(token), 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('below the threshold are sent as they are', async () => {
    const res = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });

  it('errors keep the envelope when compressed', async () => {
    const res = await get('/auth/info/', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401 });
  });

  it('/metrics still answers, compressed for a scraper that asks', async () => {
    const res = await get('/metrics', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('http_request_duration_seconds');
  });
});
