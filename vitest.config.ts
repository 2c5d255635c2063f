// One test command for unit and API tests; the API suite runs again on PostgreSQL when TEST_DATABASE_URL is set.
import { defineConfig } from 'vitest/config';
import { inCi } from './apps/server/test/support/ci.js';

const resolve = { conditions: ['@uc/source'] };
const serverProject = (name: string, env: Record<string, string>) => ({
  resolve,
  ssr: { resolve: { conditions: ['@uc/source'], externalConditions: ['@uc/source'] } },
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
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
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.reports/vitest.json' }]] : ['default'],
    projects: [
      {
        resolve,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      serverProject('server:sqlite', { TEST_DB: 'sqlite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', { TEST_DB: 'postgres' })] : []),
      {
        resolve,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // antd pages render slowly in jsdom while the API suites share the two cores (the account security
          // page's longest journeys took 16-31 s on a loaded 2-core machine).
          testTimeout: 30_000,
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
          testTimeout: 30_000,
        },
      },
    ],
  },
});
