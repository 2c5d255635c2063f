// The open API (the API package's metering): GET /openapi/v1/policies with a key, every call charged one call of the
// package in its own transaction, as fast as it goes and at a fixed rate, beside a bare Fastify in the same run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_KEYS_API, type ApiKeyCreated, OPEN_API } from '@uc/shared';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { load, loginToken, report, startServer } from './lib.js';

/** The fixed rate the p99 is compared at. */
const FIXED_RATE = 500;
const BUDGET_RATIO = 1.2;

/** Uses `port` (the server) and +1 (bare Fastify). */
export async function benchOpenApi(port: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uc-bench-openapi-'));
  // The per-key rate out of the way: the bench measures the metered path, not the limit in front of it.
  const server = await startServer(port, dataDir, { OPENAPI_RATE_PER_SECOND: '1000000' });
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  await bare.listen({ port: port + 1, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${port}`;
  try {
    const token = await loginToken(origin);
    const res = await fetch(`${origin}${API_KEYS_API.keys}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { data } = (await res.json()) as { data: ApiKeyCreated };
    const db = new Database(join(dataDir, 'usercenter.db'));
    const owner = db.prepare("select id from users where username = 'demouser'").get() as { id: number };
    db.prepare('delete from api_quotas where user_id = ?').run(owner.id);
    db.prepare(
      "insert into api_quotas (user_id, total, used, expired_at, updated_at) values (?, 100000000, 0, '2099-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
    ).run(owner.id);
    const auth = { authorization: `Bearer ${data.key}` };
    const url = `${origin}${OPEN_API.policies}?size=10`;

    const baseMax = await load(`http://127.0.0.1:${port + 1}/`, {});
    const max = await load(url, auth);
    report(
      'open API /openapi/v1/policies (metered) requests/s vs bare Fastify',
      (100 * max.rps) / baseMax.rps,
      '%',
      10,
      true,
    );
    const fixed = await load(url, auth, { overallRate: FIXED_RATE });
    const baseFixed = await load(`http://127.0.0.1:${port + 1}/`, {}, { overallRate: FIXED_RATE });
    report(
      `open API p99 at ${FIXED_RATE} req/s vs bare Fastify p99`,
      fixed.p99 / baseFixed.p99,
      'x',
      BUDGET_RATIO,
    );
    const used = db.prepare('select used from api_quotas where user_id = ?').get(owner.id) as {
      used: number;
    };
    const charged = db.prepare('select count(*) as n from api_calls where charged = 1').get() as {
      n: number;
    };
    db.close();
    console.log(
      `\nopen API: ${max.rps.toFixed(0)} req/s metered (errors ${max.errors}) against bare Fastify ${baseMax.rps.toFixed(0)};` +
        ` at ${FIXED_RATE} req/s p50 ${fixed.p50} ms p99 ${fixed.p99} ms (errors ${fixed.errors}),` +
        ` bare p99 ${baseFixed.p99} ms; calls charged ${used.used}, logged as charged ${charged.n}`,
    );
  } finally {
    await bare.close();
    await server.stop();
  }
}
