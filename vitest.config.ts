// One test command for unit and API tests; the API suite runs again on PostgreSQL when TEST_DATABASE_URL is set.
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { inCi } from './apps/server/test/support/ci.js';
import ProjectsReporter from './scripts/vitest-projects-reporter.js';

const resolve = { conditions: ['@uc/source'] };

// The server suites that run once, in server:sqlite, and why (docs/testing.md "Where each suite runs"). Every other
// suite under test/ opens a database through the SQL the two dialects compile differently, and runs on both.
const SERVER_ONCE = [
  // Unit tests beside the code: pure rules, providers against their fake gateways, the cache; none opens a database.
  'src/**/*.test.ts',
  // Pure rules and parsers, no database.
  'test/captcha/blind-guess.test.ts',
  'test/commerce/coupon-rules.test.ts',
  'test/commerce/pricing.test.ts',
  'test/customers/aggregate.test.ts',
  'test/customers/book.test.ts',
  'test/customers/grade.test.ts',
  'test/customers/summaries.test.ts',
  'test/dashboard/figures.test.ts',
  'test/db/prng.test.ts',
  'test/funding/ids-field.test.ts',
  // The repository's own checks: the lint scripts on small trees they are given (no database), and docs/api.md
  // against the routes the app registers (the same on either database).
  'test/lint/api-doc.test.ts',
  'test/lint/duplication.test.ts',
  'test/lint/structure.test.ts',
  // The payment providers against the local fake gateways, no database.
  'test/payment/alipay.test.ts',
  'test/payment/wechat.test.ts',
  // The HTTP layer in front of the routes: proxies and Host headers, compression, static files and the pages'
  // shell, the production surface, sockets, logs, refusals of paging values and of staff roles (both answered
  // before a route reads anything), the puzzle (kept in the key-value store), the server-drawn first view's limits.
  'test/http/admin-web.test.ts',
  'test/http/boot-script.test.ts',
  'test/http/compression.test.ts',
  'test/http/host-header.test.ts',
  'test/http/logs.test.ts',
  'test/http/page-render.test.ts',
  'test/http/paging-matrix.test.ts',
  'test/http/production-surface.test.ts',
  'test/http/raw-http.test.ts',
  'test/http/trust-proxy.test.ts',
  'test/http/web.test.ts',
  'test/captcha/slider.test.ts',
  'test/staff/permissions.test.ts',
];

const serverProject = (name: string, env: Record<string, string>, once: 'include' | 'exclude') => ({
  resolve,
  ssr: { resolve: { conditions: ['@uc/source'], externalConditions: ['@uc/source'] } },
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(once === 'exclude' ? SERVER_ONCE : [])],
    environment: 'node',
    // Each worker migrates and seeds a database once and copies it for every test app (support/app.ts "Templates").
    globalSetup: ['./test/support/templates-setup.ts'],
    // Files share a worker's loaded modules instead of importing the whole server again (about 2.5 s a file); each
    // file still builds its own app on its own database, and no server module keeps state at module level.
    isolate: false,
    env,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

// CI (CI=true, as .ci/run sets it) expects PostgreSQL: .ci/run sets TEST_DATABASE_URL when it answers on 5432, so
// without it the run fails instead of passing without the PostgreSQL suite. Elsewhere that suite is left out, saying so.
if (!process.env.TEST_DATABASE_URL) {
  const missing = 'TEST_DATABASE_URL is not set: the server:postgres project (the API suite on PostgreSQL)';
  if (inCi()) throw new Error(`${missing} cannot run, and CI expects it`);
  console.warn(`${missing} is skipped (CI fails here instead)`);
}

export default defineConfig({
  test: {
    reporters: process.env.CI
      ? [
          'default',
          ['json', { outputFile: '.reports/vitest.json' }],
          new ProjectsReporter('.reports/vitest-projects.json'),
        ]
      : ['default'],
    // Vitest keeps one core for itself by default, which leaves half of a 2-core machine idle: its main process is
    // light, and the server suites wait on PostgreSQL and on their own server processes.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve,
        // The React pieces both apps use (@uc/client), rendered in jsdom as the apps render them.
        test: {
          name: 'client',
          root: 'packages/client',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      serverProject('server:sqlite', { TEST_DB: 'sqlite' }, 'include'),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server:postgres', { TEST_DB: 'postgres' }, 'exclude')]
        : []),
      {
        resolve,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // antd pages render slowly in jsdom while two workers share the two cores (the account security page's
          // longest journeys took 16-31 s on a loaded 2-core machine, the console's audit filter over 30 s).
          testTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
