// The dashboard's statistics calls with 1,000,000 customers in the database (docs/architecture.md §9: p99 < 50 ms).
// The SQLite database is generated once into bench/.data-1m (git-ignored) and reused; the generator only adds what
// is missing, so an interrupted run resumes. With BENCH_DATABASE_URL the same set runs on PostgreSQL: the dataset
// goes into a database of its own on that server (uc_bench_1m), kept and reused the same way.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DURATION, load, loginToken, report, root, startServer } from './lib.js';

export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
/** Where the 1,000,000-customer dataset lives (the subscriptions and policy-matching parts use it too). */
export const DATA_DIR =
  process.env.BENCH_DATA_DIR ??
  join(root, 'bench', `.data-${CUSTOMERS % 1_000_000 === 0 ? `${CUSTOMERS / 1_000_000}m` : CUSTOMERS}`);
/** Concurrent clients per call: a busy office of members opening their dashboards at once. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET_P99_MS = 50;
/** PostgreSQL mode: the server BENCH_DATABASE_URL reaches holds the dataset in a database of its own. */
const PG_URL = process.env.BENCH_DATABASE_URL;
const PG_DATABASE =
  process.env.BENCH_PG_DATABASE ??
  `uc_bench_${CUSTOMERS % 1_000_000 === 0 ? `${CUSTOMERS / 1_000_000}m` : CUSTOMERS}`;

/** The calls the dashboard makes on every view, the statistics first (at least those docs/architecture.md §9 names). */
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
  // 我的客户: the other tile and chart filters, the name search, the ranges and the sorts.
  ['getCustomers (type=zc, page 1)', '/api/ccw/member/management/getCustomers/?type=zc'],
  ['getCustomers (type=gs, page 1)', '/api/ccw/member/management/getCustomers/?type=gs'],
  ['getCustomers (is_hightech=1)', '/api/ccw/member/management/getCustomers/?is_hightech=1'],
  ['getCustomers (industry_code=C)', '/api/ccw/member/management/getCustomers/?industry_code=C'],
  ['getCustomers (industry_codes=C,I)', '/api/ccw/member/management/getCustomers/?industry_codes=C,I'],
  ['getCustomers (type=sb, high-tech)', '/api/ccw/member/management/getCustomers/?type=sb&is_hightech=1'],
  ['getCustomers (area=440300, type=zc)', '/api/ccw/member/management/getCustomers/?area=440300&type=zc'],
  ['getCustomers (name=科技)', `/api/ccw/member/management/getCustomers/?name=${encodeURIComponent('科技')}`],
  [
    'getCustomers (name, no match)',
    `/api/ccw/member/management/getCustomers/?name=${encodeURIComponent('不存在的企业')}`,
  ],
  [
    'getCustomers (reg_start..reg_end)',
    '/api/ccw/member/management/getCustomers/?reg_start=2015-01-01&reg_end=2018-12-31',
  ],
  [
    'getCustomers (capital 100..500)',
    '/api/ccw/member/management/getCustomers/?capital_min=100&capital_max=500',
  ],
  ['getCustomers (sort=reg_capital)', '/api/ccw/member/management/getCustomers/?sort=reg_capital&order=desc'],
  ['getCustomers (sort=reg_time asc)', '/api/ccw/member/management/getCustomers/?sort=reg_time&order=asc'],
  [
    'getCustomers (type=sb, sort=reg_capital)',
    '/api/ccw/member/management/getCustomers/?type=sb&sort=reg_capital',
  ],
];

/** The export measured after the calls: demouser's whole list (50,000 rows). */
const EXPORT_PATH = '/api/ccw/member/management/exportCustomers/';

/** The dataset's PostgreSQL URL (its database `database` created when missing), or '' for SQLite in DATA_DIR. */
export async function datasetUrl(database = PG_DATABASE): Promise<string> {
  if (!PG_URL) return '';
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The 1M dataset in DATA_DIR (SQLite, databaseUrl '') or in the PostgreSQL database databaseUrl names. */
export function ensureDataset(databaseUrl = '') {
  mkdirSync(DATA_DIR, { recursive: true });
  const where = databaseUrl ? `PostgreSQL database ${PG_DATABASE}` : DATA_DIR;
  console.log(`\ndataset: ${where}, growing to ${CUSTOMERS} customers if needed`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [join(root, 'apps/server/dist/db/seed/cli.js'), '--customers', String(CUSTOMERS)],
    { env: { ...process.env, DATA_DIR, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('could not generate the benchmark dataset');
  console.log(`dataset ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Fresh planner statistics after the bulk load (autovacuum would get there later, mid-run). */
export async function analyze(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/** A process's resident set (VmRSS) in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * One export of demouser's whole list, read as the browser would: time to the first byte, total time, size, and the
 * server's resident memory before and at its peak (sampled every 10 ms while the file streams).
 */
async function benchExport(origin: string, auth: Record<string, string>, pid: number) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 10);
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${EXPORT_PATH}`, { headers: auth });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    const firstByte = performance.now() - started;
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
    const total = performance.now() - started;
    peak = Math.max(peak, rssMb(pid));
    return { firstByte, total, bytes, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchDashboard(port: number) {
  const databaseUrl = await datasetUrl();
  ensureDataset(databaseUrl);
  if (databaseUrl) await analyze(databaseUrl);
  const server = await startServer(port, DATA_DIR, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const origin = `http://127.0.0.1:${port}`;
  const engine = databaseUrl ? 'PostgreSQL' : 'SQLite';
  try {
    const auth = { authorization: `Bearer ${await loginToken(origin)}` };
    const figures: Record<string, string | number>[] = [];
    for (const [name, path] of DASHBOARD_CALLS) {
      // A short warm-up: the first requests read the file's pages into the OS cache.
      await load(`${origin}${path}`, auth, { connections: CONNECTIONS, duration: 1 });
      const r = await load(`${origin}${path}`, auth, { connections: CONNECTIONS });
      report(
        `1M customers (${engine}): ${name} p99 (${CONNECTIONS} connections)`,
        r.p99,
        'ms',
        BUDGET_P99_MS,
      );
      figures.push({
        call: name,
        'requests/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
      });
    }
    console.log(
      `\ndashboard calls on ${engine} with ${CUSTOMERS} customers (demouser owns 50,000), ${CONNECTIONS} connections, ${DURATION} s each:`,
    );
    console.table(figures);

    // The export after the load above (the server warm): its own figures, and memory against a fresh baseline.
    const x = await benchExport(origin, auth, server.child.pid ?? 0);
    console.log(
      `\nexportCustomers (${engine}, demouser's 50,000 rows): first byte ${x.firstByte.toFixed(0)} ms, ` +
        `whole file ${(x.total / 1000).toFixed(1)} s, ${(x.bytes / 1024 / 1024).toFixed(1)} MB; ` +
        `server RSS ${x.before.toFixed(0)} MB before, ${x.peak.toFixed(0)} MB at the peak (+${(x.peak - x.before).toFixed(0)} MB)`,
    );
    report(`1M customers (${engine}): exportCustomers 50,000 rows, first byte`, x.firstByte, 'ms', 1_000);
    // docs/architecture.md §9: first byte < 1 s, peak RSS growth < 100 MB.
    report(`1M customers (${engine}): exportCustomers 50,000 rows, RSS growth`, x.peak - x.before, 'MB', 100);
  } finally {
    await server.stop();
  }
}
