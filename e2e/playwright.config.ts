// End-to-end tests: the production build served by the real server on a fresh database, driven in Debian's Chromium.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
// Debian's headless shell (package chromium-headless-shell) draws the same pages with about a third less CPU than
// the full browser; the full one serves where it is missing.
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ??
  '/usr/bin/chromium';
const origin = (p: number) => `http://127.0.0.1:${p}`;
// With TEST_DATABASE_URL a second server runs on a scratch PostgreSQL database (docs/testing.md "Journeys").
const databases = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

// Which server each journey runs against. A journey proves a flow through the pages; the SQL behind every route runs
// on both databases in the API suites. So a journey runs on both servers only where what its pages show comes from
// SQL the two dialects answer differently (text search, filters with sort and paging, sums of money, crediting
// under concurrency, unique keys); every other journey runs once, on one of the two servers, split so that the two
// runs take about as long. Journeys that start servers of their own (the console, the scheduled push) start SQLite
// ones, so they belong to the SQLite side.
const JOURNEYS = {
  both: [
    'cards-bind',
    'commerce-buy',
    'coupons',
    'customer-book',
    'invoices',
    'news-publicity-lists',
    'notice-search',
    'tools-credits',
    'workspace-customers',
  ],
  sqlite: [
    'accessibility',
    'admin-cards',
    'admin-console',
    'admin-content',
    'admin-notice-content',
    'admin-member-hold',
    'admin-orders',
    'auth-account-lockout',
    'auth-single-session',
    'commerce-countdown',
    'dashboard-chart-links',
    'dashboard-responsive',
    'dashboard-scheduled-push',
    'first-view',
    'guard',
    'help-tickets',
    'layout',
    'layout-phone',
    'legacy-renewal',
    'notice-links',
    'policy-tools',
    'rendering-safety',
    'renewal-reminder',
  ],
  postgres: [
    'account-security',
    'account-team',
    'api-keys',
    'auth-bind-phone',
    'auth-find-password',
    'auth-register',
    'auth-register-rules',
    'auth-sms-login',
    'captcha-failure',
    'cards-gift',
    'commerce-api',
    'commerce-phone-pay',
    'commerce-resume',
    'commerce-rules',
    'commerce-untried-orders',
    'dashboard-funding',
    'dashboard-member',
    'dashboard-roles',
    'messages',
    'my-tools',
    'notices-open',
    'workspace-subscriptions',
  ],
};
// A spec in no list (or in two) would silently not run (or run twice): refuse the configuration instead.
const specs = readdirSync(join(dirname(fileURLToPath(import.meta.url)), 'specs'))
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => f.slice(0, -'.spec.ts'.length));
const listed = [...JOURNEYS.both, ...JOURNEYS.sqlite, ...JOURNEYS.postgres];
const unlisted = specs.filter((s) => listed.filter((l) => l === s).length !== 1);
const unknown = listed.filter((l) => !specs.includes(l));
if (unlisted.length + unknown.length > 0)
  throw new Error(
    `e2e/playwright.config.ts JOURNEYS: list each spec once (${[...unlisted, ...unknown].join(', ')})`,
  );
const specsOf = (db: 'sqlite' | 'postgres') =>
  databases.length === 1 ? specs : [...JOURNEYS.both, ...JOURNEYS[db]];
const testMatch = (db: 'sqlite' | 'postgres') => specsOf(db).map((s) => `${s}.spec.ts`);

const server = (db: 'sqlite' | 'postgres', p: number) => ({
  command: db === 'sqlite' ? 'node ../apps/server/dist/main.js' : 'node serve-postgres.mjs',
  url: `${origin(p)}/healthz`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // SIGTERM lets the server close and the PostgreSQL wrapper drop its scratch database.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  env: {
    NODE_ENV: 'test',
    PORT: String(p),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), `uc-e2e-${db}-`)),
    TOOL_HOSTS: origin(p),
    LOG_LEVEL: 'warn',
  },
});

export default defineConfig({
  testDir: './specs',
  outputDir: '../.reports/e2e-artifacts',
  // The accounts are shared and one login ends the account's other sessions, so a server's journeys run one at a
  // time (one worker per project); the SQLite and PostgreSQL servers share nothing, so their runs go side by side.
  workers: databases.length,
  fullyParallel: false,
  // A journey that fails once is a bug to find, never a retry.
  retries: 0,
  // Budgets for conditions, not speed goals (those are npm run bench's): two browsers, two servers and PostgreSQL
  // share two cores here, and a page that paints in 2 s alone can take 15 s beside the other project's journey.
  // A condition still passes the moment it holds.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../.reports/playwright.json' }]] : [['list']],
  projects: databases.map((db, i) => ({
    name: db,
    workers: 1,
    testMatch: testMatch(db),
    use: { baseURL: origin(port + i) },
  })),
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    // Members may ask for less motion; the journeys do, so no frame is drawn for an animation nobody watches
    // (the scroller's journey asks for motion itself).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace records every action's snapshots and a screencast, for every journey (retain-on-failure keeps only the
    // failed ones, but records them all): it nearly doubled the journeys' CPU. A failure keeps its screenshot and its
    // page snapshot (error-context.md); a trace of it is one run away: add `--trace on` (docs/testing.md).
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: databases.map((db, i) => server(db, port + i)),
});
