// The company registry's search with 1,000,000 companies (issue budget: p99 < 50 ms on SQLite and PostgreSQL), by a
// two-character text, a three-character one, a text that matches nothing and a credit code, and an import of 5,000
// rows end to end. The dataset is generated once into bench/.data-registry-1m (git-ignored) and reused; with
// BENCH_DATABASE_URL the same runs on PostgreSQL in a database of its own (uc_bench_registry_1m).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type CompanySearchPage, CUSTOMER_BOOK_API, type ImportJob } from '@uc/shared';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { datasetUrl } from './dashboard.js';
import { load, loginToken, report, root, startServer } from './lib.js';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 1_000_000);
const DATA_DIR = process.env.BENCH_REGISTRY_DIR ?? join(root, 'bench', '.data-registry-1m');
const PG_DATABASE = process.env.BENCH_REGISTRY_PG_DATABASE ?? 'uc_bench_registry_1m';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET_P99_MS = 50;
const IMPORT_ROWS = 5_000;

function ensureDataset(databaseUrl: string) {
  mkdirSync(DATA_DIR, { recursive: true });
  console.log(
    `\nregistry dataset: ${databaseUrl ? PG_DATABASE : DATA_DIR}, growing to ${COMPANIES} companies if needed`,
  );
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [join(root, 'apps/server/dist/db/seed/cli.js'), '--companies', String(COMPANIES)],
    { env: { ...process.env, DATA_DIR, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('could not generate the registry dataset');
  console.log(`registry dataset ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The credit codes of the `n` newest registry companies, read from the dataset's database. */
async function newestCodes(databaseUrl: string, n: number): Promise<string[]> {
  const query = `select credit_code from companies order by id desc limit ${n}`;
  if (!databaseUrl) {
    const db = new Database(join(DATA_DIR, 'usercenter.db'), { readonly: true });
    try {
      return (db.prepare(query).all() as { credit_code: string }[]).map((r) => r.credit_code);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ credit_code: string }>(query)).rows.map((r) => r.credit_code);
  } finally {
    await client.end();
  }
}

/** An .xlsx of `rows` in the template's shape. */
async function workbook(rows: readonly string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('客户导入');
  sheet.addRow(['企业名称或统一社会信用代码']);
  for (const row of rows) sheet.addRow([row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function benchRegistry(port: number) {
  const databaseUrl = await datasetUrl(PG_DATABASE);
  ensureDataset(databaseUrl);
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // After the bulk load: the statistics, and the visibility map the index-only scans of the postings rely on
    // (autovacuum would get there later, mid-run).
    await client.query('VACUUM ANALYZE companies');
    await client.query('VACUUM ANALYZE company_grams');
    await client.end();
  }
  const server = await startServer(port, DATA_DIR, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const origin = `http://127.0.0.1:${port}`;
  const engine = databaseUrl ? 'PostgreSQL' : 'SQLite';
  try {
    const token = await loginToken(origin);
    const auth = { authorization: `Bearer ${token}` };
    const search = async (q: string, size = 10) => {
      const res = await fetch(
        `${origin}${CUSTOMER_BOOK_API.search}?q=${encodeURIComponent(q)}&size=${size}`,
        {
          headers: auth,
        },
      );
      return ((await res.json()) as { data: CompanySearchPage }).data;
    };
    const sample = await search('有限公司', 100);
    const code = sample.list[37]?.credit_code ?? '';
    const figures: string[] = [];
    for (const [what, q] of [
      ['two characters 科技', '科技'],
      ['three characters 深圳市', '深圳市'],
      ['no match 不存在的企业', '不存在的企业'],
      ['credit code', code],
    ] as const) {
      const url = `${origin}${CUSTOMER_BOOK_API.search}?q=${encodeURIComponent(q)}`;
      await load(url, auth, { connections: CONNECTIONS, duration: 1 });
      const r = await load(url, auth, { connections: CONNECTIONS });
      const answer = await search(q);
      report(
        `1M companies (${engine}): registry search, ${what}, p99 (${CONNECTIONS} connections)`,
        r.p99,
        'ms',
        BUDGET_P99_MS,
      );
      figures.push(
        `${what}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, total ${answer.total}${answer.capped ? '+' : ''}`,
      );
    }

    // An import of 5,000 rows: the credit codes of the newest registry companies (nobody's customers; a code names
    // one company, where a generated registry may repeat names), end to end.
    const names = await newestCodes(databaseUrl, IMPORT_ROWS);
    const body = new FormData();
    body.append(
      'file',
      new Blob([new Uint8Array(await workbook(names.slice(0, IMPORT_ROWS)))], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      'bench.xlsx',
    );
    const goldToken = await loginToken(origin, 'goldvip01', 'Gold12345');
    const started = performance.now();
    const upload = await fetch(`${origin}${CUSTOMER_BOOK_API.importStart}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${goldToken}` },
      body,
    });
    const { data: job } = (await upload.json()) as { data: ImportJob };
    let done: ImportJob = job;
    while (done.status === 'queued' || done.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await fetch(`${origin}${CUSTOMER_BOOK_API.importJob.replace('{id}', String(job.id))}`, {
        headers: { authorization: `Bearer ${goldToken}` },
      });
      done = ((await res.json()) as { data: ImportJob }).data;
    }
    const seconds = (performance.now() - started) / 1000;
    // Leaves goldvip01's book as it was, so the next run imports the same rows into the same book.
    const newest: number[] = [];
    for (let page = 1; newest.length < done.added; page += 1) {
      const res = await fetch(`${origin}/api/ccw/member/management/getCustomers/?page=${page}&size=100`, {
        headers: { authorization: `Bearer ${goldToken}` },
      });
      const { data } = (await res.json()) as { data: { list: { id: number }[] } };
      if (data.list.length === 0) break;
      newest.push(...data.list.map((c) => c.id));
    }
    for (let i = 0; i < done.added; i += 500) {
      await fetch(`${origin}${CUSTOMER_BOOK_API.remove}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${goldToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: newest.slice(i, Math.min(i + 500, done.added)) }),
      });
    }
    report(`1M companies (${engine}): import of ${IMPORT_ROWS} rows end to end`, seconds, 's', 60);
    console.log(
      `\nregistry search (${engine}, ${CONNECTIONS} connections):\n  ${figures.join('\n  ')}\n` +
        `import of ${names.length} rows: ${done.status} in ${seconds.toFixed(1)} s: added ${done.added}, duplicate ${done.duplicate}, not found ${done.not_found}, failed ${done.failed}`,
    );
  } finally {
    await server.stop();
  }
}
