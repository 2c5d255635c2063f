// Builds the real app on a fresh database per test file: SQLite in a temp dir, or a scratch PostgreSQL database (TEST_DB).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, type AppDeps, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/connection.js';
import { setupDatabase } from '../../src/db/setup.js';

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
export async function createScratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
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
    // ...and keep their mail in the console outbox.
    MAIL_ALLOW_CONSOLE: 'true',
    // ...and pay through the sandbox.
    PAYMENT_ALLOW_SANDBOX: 'true',
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    ADMIN_DIST_DIR: path.join(dataDir, 'admin'),
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
    await setupDatabase(app.db, {
      seedDemo: config.seedDemo,
      newItemsAfterSeconds: config.demoNewItemsAfterSeconds,
      log: app.log,
    });
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

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  detail?: string;
}
