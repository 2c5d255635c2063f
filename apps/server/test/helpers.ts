// Builds the real app on a fresh database per test file: SQLite in a temp dir, or a scratch PostgreSQL database (TEST_DB).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, type AppDeps, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { Db } from '../src/db/connection.js';
import { setupDatabase } from '../src/db/setup.js';
import { sha256Hex } from '../src/lib/password.js';

export interface TestApp {
  app: App;
  config: Config;
  db: Db;
  close(): Promise<void>;
}

/** Top-level settings to replace; nested groups (site, login) are merged key by key. */
export type ConfigOverrides = Partial<Omit<Config, 'site' | 'login'>> & {
  site?: Partial<Config['site']>;
  login?: Partial<Config['login']>;
};

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A scratch database on TEST_DATABASE_URL's server, dropped (with its connections) on teardown. */
async function createScratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `uc_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(overrides: ConfigOverrides = {}, deps: AppDeps = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'uc-test-'));
  const scratch = process.env.TEST_DB === 'postgres' ? await createScratchPostgres() : null;
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    // Tests that build a production app still log their codes instead of texting anyone.
    SMS_ALLOW_CONSOLE: 'true',
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const { site, login, ...rest } = overrides;
  const config: Config = {
    ...base,
    ...rest,
    site: { ...base.site, ...site },
    login: { ...base.login, ...login },
  };
  // The login slow-down would make tests wait for real; tests of it pass their own recording `sleep`.
  const app = await buildApp(config, { sleep: async () => {}, ...deps });
  try {
    await setupDatabase(app.db, { seedDemo: config.seedDemo, log: app.log });
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return {
    app,
    config,
    db: app.db,
    async close() {
      await app.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO = {
  demouser: 'Demo12345',
  demosub01: 'Demo12345',
  trialuser: 'Trial12345',
  goldvip01: 'Gold12345',
  nophone01: 'Nophone123',
} as const;

export type DemoName = keyof typeof DEMO;

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  detail?: string;
}

export async function loginRequest(
  app: App,
  username: string,
  password: string,
  extra: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { username, password: sha256Hex(password), ...extra },
  });
}

/** Logs a demo account in and returns its token. */
export async function login(app: App, name: DemoName, extra: Record<string, string> = {}): Promise<string> {
  const res = await loginRequest(app, name, DEMO[name], extra);
  const body = res.json<Envelope<{ token: string } | null>>();
  if (body.code !== 200 || !body.data) throw new Error(`login ${name} failed: ${res.body}`);
  return body.data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The payload of a JWT, unverified (what the client's jwt-decode sees). */
export function decodeToken(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}
