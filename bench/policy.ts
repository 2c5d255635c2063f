// Policy matching with 1,000,000 customers in the database: one company (a customer of demouser) against every open
// policy item of its city and the province, fast (what the platform knows) and exact (with answers).
import autocannon from 'autocannon';
import { DATA_DIR, ensureDataset } from './dashboard.js';
import { DURATION, loginToken, report, startServer, stopServer } from './lib.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET_P99_MS = 50;

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
    console.log(
      `\npolicy matching with 1,000,000 customers, ${CONNECTIONS} connections, ${DURATION} s each:`,
    );
    console.table(figures);
  } finally {
    await stopServer(server);
  }
}
