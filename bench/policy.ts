// Policy matching with 1,000,000 customers in the database: one company (a customer of demouser) against every open
// policy item of its city and the province, fast (what the platform knows) and exact (with answers); and one open
// policy item against all of demouser's 50,000 customers (按政策找客户), its first page and a later page of one level.
import autocannon from 'autocannon';
import { DATA_DIR, ensureDataset } from './dashboard.js';
import { DURATION, loginToken, report, startServer } from './lib.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET_P99_MS = 50;

async function get(url: string, auth: Record<string, string>, duration = DURATION) {
  const r = await autocannon({ url, headers: auth, connections: CONNECTIONS, duration });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function post(url: string, auth: Record<string, string>, body: unknown, duration = DURATION) {
  const r = await autocannon({
    url,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration,
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export async function benchPolicy(port: number) {
  ensureDataset();
  const server = await startServer(port, DATA_DIR);
  const origin = `http://127.0.0.1:${port}`;
  try {
    const auth = { authorization: `Bearer ${await loginToken(origin)}` };
    const found = await fetch(`${origin}/api/ccw_crm/tools/customers/?q=${encodeURIComponent('深圳')}`, {
      headers: auth,
    });
    const customers = ((await found.json()) as { data: { id: number }[] }).data;
    const customerId = customers[0]?.id;
    if (!customerId) throw new Error('demouser has no Shenzhen customer');
    const answers = {
      staff_total: 120,
      revenue: [5000, 6000, 7800],
      rd_expense: [300, 330, 400],
      is_sme: true,
    };
    const calls = [
      [
        'match/fast (one customer, all open items)',
        '/api/ccw_crm/policy/match/fast/',
        { customer_id: customerId },
      ],
      [
        'match/exact (answers, not saved)',
        '/api/ccw_crm/policy/match/exact/',
        { customer_id: customerId, answers, save: false },
      ],
    ] as const;
    const figures: Record<string, string | number>[] = [];
    for (const [name, path, body] of calls) {
      await post(`${origin}${path}`, auth, body, 1);
      const r = await post(`${origin}${path}`, auth, body);
      report(`1M customers: ${name} p99 (${CONNECTIONS} connections)`, r.p99, 'ms', BUDGET_P99_MS);
      figures.push({
        call: name,
        'requests/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
      });
    }
    // 按政策找客户: the open Shenzhen-wide item with the most matching customers among the first listed.
    const listed = await fetch(
      `${origin}/api/ccw_crm/policy/match/items/?q=${encodeURIComponent('深圳市')}`,
      {
        headers: auth,
      },
    );
    const items = ((await listed.json()) as { data: { id: number; title: string }[] }).data;
    let best: { id: number; title: string; matched: number; cold: number } | undefined;
    /** The first call of each item: the first also loads demouser's customers, the others run the matcher only. */
    const firsts: string[] = [];
    for (const item of items.slice(0, 5)) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/ccw_crm/policy/match/customers/?id=${item.id}`, {
        headers: auth,
      });
      const cold = performance.now() - started;
      const data = ((await res.json()) as { data: { counts: Record<string, number> } }).data;
      const matched = (data.counts['完全匹配'] ?? 0) + (data.counts['部分匹配'] ?? 0);
      firsts.push(`${Math.round(cold)} ms (${matched} matched)`);
      if (!best || matched > best.matched) best = { ...item, matched, cold };
    }
    if (!best) throw new Error('no open Shenzhen item');
    console.log(`\n按政策找客户: first call of each of ${firsts.length} items: ${firsts.join(', ')}`);
    console.log(
      `\n按政策找客户: item ${best.id} (${best.title}), ${best.matched} of 50,000 customers matched, first call ${Math.round(best.cold)} ms`,
    );
    const pages = [
      ['match/customers (one item, 50,000 customers), page 1', `?id=${best.id}`],
      [
        'match/customers, 部分匹配 page 50',
        `?id=${best.id}&status=${encodeURIComponent('部分匹配')}&page=50&size=20`,
      ],
    ] as const;
    for (const [name, query] of pages) {
      const url = `${origin}/api/ccw_crm/policy/match/customers/${query}`;
      await get(url, auth, 1);
      const r = await get(url, auth);
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
      `\npolicy matching with 1,000,000 customers, ${CONNECTIONS} connections, ${DURATION} s each:`,
    );
    console.table(figures);
  } finally {
    await server.stop();
  }
}
