import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ADMIN_CSP, adminWebPlugin } from '../../src/plugins/admin-web.js';
import { envelopePlugin } from '../../src/plugins/envelope.js';
import { DOCUMENT_ONLY_HEADERS, securityPlugin } from '../../src/plugins/security.js';

const INDEX = `<!doctype html><html><head><title>会员中心运营后台</title>
<script type="module" crossorigin src="/admin/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

let dir: string;
let app: FastifyInstance;
let bare: FastifyInstance;

async function appServing(distDir: string): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir });
  const instance = Fastify();
  await instance.register(envelopePlugin);
  await instance.register(securityPlugin, { config });
  await instance.register(cookie);
  await instance.register(adminWebPlugin, { config, distDir });
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'uc-admin-web-'));
  const dist = path.join(dir, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await appServing(dist);
  bare = await appServing(path.join(dir, 'missing'));
});
afterAll(async () => {
  await app.close();
  await bare.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the operator console under /admin/', () => {
  it.each([
    '/admin/',
    '/admin',
    '/admin/index.html',
    '/admin/login',
    '/admin/audit?action=auth.login&page=2',
  ])('%s answers the console page, revalidated, with its own strict policy', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('会员中心运营后台');
    expect(res.headers['content-security-policy']).toBe(ADMIN_CSP);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('allows only its own scripts, calls and no framing', () => {
    expect(ADMIN_CSP).toContain("script-src 'self';");
    expect(ADMIN_CSP).toContain("connect-src 'self'");
    expect(ADMIN_CSP).toContain("frame-ancestors 'none'");
    expect(ADMIN_CSP).not.toMatch(/sha256-|unsafe-eval|https?:/);
  });

  it('serves hashed assets for a year without the document-only headers; other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers[name], name).toBeUndefined();
    const icon = await app.inject({ method: 'GET', url: '/admin/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-security-policy']).toBe(ADMIN_CSP);
  });

  it('answers 404 for a missing asset and for a non-GET, never the page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/admin/assets/gone-123.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json().code).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/admin/login' });
    expect(post.statusCode).toBe(404);
  });

  it('explains in Chinese how to build it when there is no build', async () => {
    const res = await bare.inject({ method: 'GET', url: '/admin/audit' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('npm run build');
    expect(res.body).toContain('运营后台');
  });
});
