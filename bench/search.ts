// 搜索 with 100,000 notices (policy items and news with bodies of one to three thousand characters; budget p99 < 50
// ms on SQLite and PostgreSQL): a common two-character word, a common phrase, a rare phrase, a phrase with filters,
// two words, a deep page, a word with Latin letters and a text that matches nothing. The datasets are generated once
// (`npm run seed -- --notices N`, about 15-20 minutes each on 2 cores) and kept: SQLite in bench/.data-search-<N>
// (git-ignored), PostgreSQL in the database uc_bench_search_<N> on BENCH_DATABASE_URL's server (default the local
// one; skipped when it does not answer). Each run migrates them (the server does at start) and grows them if short.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { SEARCH_API, type SearchPage } from '@uc/shared';
import pg from 'pg';
import { DURATION, load, loadPaths, loginToken, report, root, startServer } from './lib.js';

const NOTICES = Number(process.env.BENCH_NOTICES ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DATABASE = `uc_bench_search_${NOTICES}`;
const DATA_DIR = join(root, 'bench', `.data-search-${NOTICES}`);
const BUDGET_P99_MS = 50;
/**
 * The rate the budget is judged at (searches a second on one instance): p99 is a latency, and a closed loop of
 * CONNECTIONS clients measures throughput instead (its p99 is CONNECTIONS over the throughput); that is printed too.
 */
const RATE = Number(process.env.BENCH_SEARCH_RATE ?? 100);

/** The searches measured: what each stands for and its query. */
const QUERIES: readonly (readonly [string, string])[] = [
  ['common two characters 企业', 'q=企业'],
  ['common phrase 研发费用', 'q=研发费用'],
  ['rare phrase 揭榜挂帅重大科技专项', 'q=揭榜挂帅重大科技专项'],
  ['phrase with filters (sbtz, 深圳, 申报中)', 'q=加计扣除&type=sbtz&city=440300&open=1'],
  ['two words 专精特新 小巨人', 'q=专精特新 小巨人'],
  ['deep page (企业, page 10 of 20: the last before the cap)', 'q=企业&page=10&size=20'],
  ['Latin letters R&D Center', 'q=R%26D Center'],
  ['no match', 'q=不存在的词语组合'],
];

/** Grows the dataset to NOTICES (nothing to do when it holds them). */
function seed(env: Record<string, string>) {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [join(root, 'apps/server/dist/db/seed/cli.js'), '--notices', String(NOTICES)],
    { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('could not seed the notices');
  console.log(`notices ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function admin(sql: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query(sql);
    return true;
  } catch (error) {
    console.log(`PostgreSQL at ${PG_URL}: ${(error as Error).message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function measure(port: number, dataDir: string, engine: string, env: Record<string, string>) {
  const server = await startServer(port, dataDir, env);
  const origin = `http://127.0.0.1:${port}`;
  try {
    const auth = { authorization: `Bearer ${await loginToken(origin)}` };
    for (const [what, query] of QUERIES) {
      const url = `${origin}${SEARCH_API.search}?${new URLSearchParams(query)}`;
      const answer = (await (await fetch(url, { headers: auth })).json()) as { data: SearchPage };
      await load(url, auth, { connections: CONNECTIONS, duration: 1 });
      const flat = await load(url, auth, { connections: CONNECTIONS });
      // Asked again (the same words and filters: the next page, or other members asking the same): the count is kept.
      const again = await load(url, auth, { overallRate: RATE });
      // Asked for the first time: each request its own criteria (a start date before every notice, a day later each
      // time: the same matches), so each one counts them.
      const firsts = Array.from({ length: RATE * DURATION }, (_, i) => {
        const from = new Date(Date.UTC(1990, 0, 1 + (i % 3_000))).toISOString().slice(0, 10);
        return `${SEARCH_API.search}?${new URLSearchParams(query)}&from=${from}`;
      });
      const first = await loadPaths(origin, firsts, auth, { overallRate: RATE });
      report(
        `${NOTICES} notices (${engine}): search, ${what}, first time, p99 at ${RATE}/s`,
        first.p99,
        'ms',
        BUDGET_P99_MS,
      );
      report(
        `${NOTICES} notices (${engine}): search, ${what}, asked again, p99 at ${RATE}/s`,
        again.p99,
        'ms',
        BUDGET_P99_MS,
      );
      console.log(
        `${engine} ${what}: at ${RATE}/s first time p50 ${first.p50} ms, p99 ${first.p99} ms; asked again p50 ` +
          `${again.p50} ms, p99 ${again.p99} ms; flat out ${flat.rps.toFixed(0)} req/s, p50 ${flat.p50} ms, p99 ` +
          `${flat.p99} ms; errors ${first.errors + again.errors + flat.errors}, ` +
          `total ${answer.data.total}${answer.data.capped ? '+' : ''}; load ${loadavg()[0]?.toFixed(2)}`,
      );
    }
  } finally {
    await server.stop();
  }
}

export async function benchSearch(port: number) {
  mkdirSync(DATA_DIR, { recursive: true });
  console.log(`\nsearch (SQLite): ${NOTICES} notices in ${DATA_DIR}`);
  seed({ DATA_DIR, DATABASE_URL: '' });
  await measure(port, DATA_DIR, 'SQLite', {});

  if (!(await admin(`SELECT 1`))) return;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_DATABASE]);
  if (found.rowCount === 0) await client.query(`CREATE DATABASE ${PG_DATABASE}`);
  await client.end();
  const url = new URL(PG_URL);
  url.pathname = `/${PG_DATABASE}`;
  const databaseUrl = url.toString();
  const pgDir = join(DATA_DIR, 'postgres');
  mkdirSync(pgDir, { recursive: true });
  console.log(`\nsearch (PostgreSQL): ${NOTICES} notices in ${PG_DATABASE}`);
  seed({ DATA_DIR: pgDir, DATABASE_URL: databaseUrl });
  // After a bulk load: the planner's statistics and the visibility map (autovacuum would get there later, mid-run).
  const dataset = new pg.Client({ connectionString: databaseUrl });
  await dataset.connect();
  await dataset.query('VACUUM ANALYZE notice_search');
  await dataset.end();
  await measure(port, pgDir, 'PostgreSQL', { DATABASE_URL: databaseUrl });
}
