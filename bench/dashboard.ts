// The dashboard's statistics calls with 1,000,000 customers in the database (ARCHITECTURE.md §9: p99 < 50 ms).
// The SQLite database is generated once into bench/.data-1m (git-ignored) and reused; the generator only adds what
// is missing, so an interrupted run resumes.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DURATION, load, loginToken, report, root, startServer, stopServer } from './lib.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
/** Where the 1,000,000-customer dataset lives (the policy-matching part uses it too). */
export const DATA_DIR =
  process.env.BENCH_DATA_DIR ??
  join(root, 'bench', `.data-${CUSTOMERS % 1_000_000 === 0 ? `${CUSTOMERS / 1_000_000}m` : CUSTOMERS}`);
/** Concurrent clients per call: a busy office of members opening their dashboards at once. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET_P99_MS = 50;

/** The calls the dashboard makes on every view, the statistics first (at least those ARCHITECTURE.md §9 names). */
export const DASHBOARD_CALLS: readonly (readonly [string, string])[] = [
  ['getCustomerdata', '/api/ccw/member/management/getCustomerdata/'],
  ['getDistributionByIndustry', '/api/ccw/member/management/getDistributionByIndustry/'],
  ['getDistributionByArea', '/api/ccw/member/management/getDistributionByArea/?citycode=440300'],
  ['GetCategoryCountByUserName', '/account/userhometj/GetCategoryCountByUserName/'],
  ['getNewPeresult', '/api/ccw/member/management/getNewPeresult/'],
  ['getMyPublicity', '/api/ccw/member/management/getMyPublicity/'],
  ['GetPublicityListByUser', '/tools/api/GetPublicityListByUser/'],
  ['GetAmountSummaryByCompany', '/tools/api/GetAmountSummaryByCompany/'],
  ['getMySubscribe', '/api/ccw/subscribe/getMySubscribe/'],
  ['getNews', '/api/ccw/subscribe/getNews/'],
  ['GetGrowthRate', '/account/userhometj/GetGrowthRate/'],
  ['GetBusinessSituation', '/account/userhometj/GetBusinessSituation/'],
  ['GetDeptCountByUserName', '/account/userhometj/GetDeptCountByUserName/'],
  ['getCompanyInfo', '/api/ccw/member/management/getCompanyInfo/'],
  ['getPatents', '/api/ccw/member/management/getPatents/'],
  ['getCustomers (page 1)', '/api/ccw/member/management/getCustomers/'],
  ['getCustomers (area, page 50)', '/api/ccw/member/management/getCustomers/?area=440305&page=50&size=20'],
  ['getCustomers (type=sb, page 1)', '/api/ccw/member/management/getCustomers/?type=sb'],
  [
    'getCustomers (type=gs, high-tech, page 1)',
    '/api/ccw/member/management/getCustomers/?type=gs&is_hightech=1',
  ],
];

export function ensureDataset() {
  mkdirSync(DATA_DIR, { recursive: true });
  console.log(`\ndataset: ${DATA_DIR}, growing to ${CUSTOMERS} customers if needed`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [join(root, 'apps/server/dist/db/seed/cli.js'), '--customers', String(CUSTOMERS)],
    { env: { ...process.env, DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'warn' }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('could not generate the benchmark dataset');
  console.log(`dataset ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function benchDashboard(port: number) {
  ensureDataset();
  const server = await startServer(port, DATA_DIR);
  const origin = `http://127.0.0.1:${port}`;
  try {
    const auth = { authorization: `Bearer ${await loginToken(origin)}` };
    const figures: Record<string, string | number>[] = [];
    for (const [name, path] of DASHBOARD_CALLS) {
      // A short warm-up: the first requests read the file's pages into the OS cache.
      await load(`${origin}${path}`, auth, { connections: CONNECTIONS, duration: 1 });
      const r = await load(`${origin}${path}`, auth, { connections: CONNECTIONS });
      report(`1M customers: ${name} p99 (${CONNECTIONS} connections)`, r.p99, 'ms', BUDGET_P99_MS);
      figures.push({
        call: name,
        'requests/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
      });
    }
    console.log(
      `\ndashboard calls with ${CUSTOMERS} customers (demouser owns 50,000), ${CONNECTIONS} connections, ${DURATION} s each:`,
    );
    console.table(figures);
  } finally {
    await stopServer(server);
  }
}
