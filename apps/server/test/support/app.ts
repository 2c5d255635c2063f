// Builds the real app on a fresh database per test file: SQLite in a temp dir, or a scratch PostgreSQL database (TEST_DB).
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type AppDeps, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createDb, type Db, SQLITE_FILE } from '../../src/db/connection.js';
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

/** The URL of database `name` on the server of `adminUrl`. */
function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * A scratch database on TEST_DATABASE_URL's server, dropped (with its connections) on teardown; a copy of `template`
 * when given (a database nobody is connected to).
 */
export async function createScratchPostgres(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `uc_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrlOf(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

// ---- Templates: a database migrated and seeded once per worker, copied for each test app ----
// Migrating and seeding a new database took about 2.5 s a file on SQLite and 4.6 s on PostgreSQL, most of the server
// suites' time. A copy of a database in that state takes a few milliseconds (SQLite: the file; PostgreSQL: CREATE
// DATABASE ... TEMPLATE), and the app's own setupDatabase then finds nothing to do. The copy is the same database
// the test would have built: same migrations, same seed; the seed's dates are relative to when it ran, so a template
// serves one calendar day (Shanghai) only, and the seed with scheduled items (relative to the test's clock) is built
// afresh each time. templates-setup.ts names the run's folder and database prefix and removes them at the end.

/** What a database is seeded with: the only inputs of setupDatabase besides the clock. */
interface SeedKind {
  seedDemo: boolean;
  newItemsAfterSeconds: number;
}

const templates = new Map<string, Promise<string>>();
const shanghaiDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A template of `kind` for this worker: a SQLite file's path, or a PostgreSQL database's name. */
function template(kind: SeedKind): Promise<string> {
  const key = `${kind.seedDemo ? 'demo' : 'bare'}_${shanghaiDay().replaceAll('-', '')}`;
  let made = templates.get(key);
  if (!made) {
    made = makeTemplate(`${inject('templatePrefix')}_${process.pid}_${key}`, kind);
    templates.set(key, made);
    // A failed build is not kept: the next app tries again (and reports its own error).
    made.catch(() => templates.delete(key));
  }
  return made;
}

async function makeTemplate(name: string, kind: SeedKind): Promise<string> {
  const log = { info() {}, error() {} };
  const adminUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (adminUrl) await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = adminUrl ? databaseUrlOf(adminUrl, name) : null;
  const dataDir = path.join(inject('templateDir'), name);
  await mkdir(dataDir, { recursive: true });
  const db = createDb({ databaseUrl, dataDir }, log);
  try {
    await setupDatabase(db, { ...kind, log });
  } finally {
    // Closing the last connection checkpoints SQLite's log into the file; a PostgreSQL template must have none.
    await db.destroy();
  }
  return adminUrl ? name : path.join(dataDir, SQLITE_FILE);
}

export async function createTestApp(overrides: ConfigOverrides = {}, deps: AppDeps = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'uc-test-'));
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
  });
  const { site, login, ...rest } = overrides;
  const config: Config = {
    ...base,
    ...rest,
    site: { ...base.site, ...site },
    login: { ...base.login, ...login },
  };
  const kind: SeedKind = { seedDemo: config.seedDemo, newItemsAfterSeconds: config.demoNewItemsAfterSeconds };
  // A test that brings its database (another app's) or schedules seeded items on its clock builds its own.
  const fromTemplate =
    deps.db === undefined && overrides.databaseUrl === undefined && kind.newItemsAfterSeconds === 0
      ? await template(kind)
      : undefined;
  const scratch = process.env.TEST_DB === 'postgres' ? await createScratchPostgres(fromTemplate) : null;
  if (scratch && overrides.databaseUrl === undefined) config.databaseUrl = scratch.url;
  if (fromTemplate && !scratch) await copyFile(fromTemplate, path.join(dataDir, SQLITE_FILE));
  // The login slow-down would make tests wait for real; tests of it pass their own recording `sleep`.
  const app = await buildApp(config, { sleep: async () => {}, ...deps });
  try {
    await setupDatabase(app.db, { ...kind, log: app.log });
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
