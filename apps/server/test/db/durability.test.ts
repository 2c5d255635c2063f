// Durability: a bounded stream of writes to the real server process, killed with SIGKILL mid-stream five times; every
// write the server acknowledged must be in the database afterwards (SQLite with synchronous=FULL, or PostgreSQL).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../support/app.js';
import { DEMO, hashed } from '../support/login.js';
import { startServer, TEST_SERVER_ENV } from '../support/server-process.js';

const KILLS = 5;
/** Writes between two kills, at most; the stream is bounded. */
const SEGMENT = 400;
const IN_FLIGHT = 8;
const PREFIX = 'durability-';

interface Run {
  acknowledged: Set<string>;
  sent: number;
}

/** Writes until `count` were answered or the server died; returns the names it acknowledged. */
async function stream(base: string, token: string, from: number, count: number, run: Run, kill?: () => void) {
  let next = from;
  const killAt = kill ? from + Math.floor(count / 3) + Math.floor(Math.random() * (count / 2)) : -1;
  const worker = async () => {
    while (next < from + count) {
      const n = next;
      next += 1;
      if (n === killAt) kill?.();
      const name = `${PREFIX}${n}`;
      run.sent += 1;
      try {
        const res = await fetch(`${base}/tools/api/SavePublicity/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ projectName: name, depName: '耐久性检查', amount: '1.5' }),
        });
        const body = (await res.json()) as { code: number };
        if (res.status === 200 && body.code === 200) run.acknowledged.add(name);
      } catch {
        return; // the server is gone: what was not acknowledged may or may not be there
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return next;
}

async function login(base: string): Promise<string> {
  const password = hashed(DEMO.demouser);
  const res = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demouser', password }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

describe(`acknowledged writes survive ${KILLS} kills -9 (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let dataDir: string;
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uc-durability-'));
    if (process.env.TEST_DB === 'postgres') scratch = await createScratchPostgres();
  });
  afterAll(async () => {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses none of them', { timeout: 240_000 }, async () => {
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    const run: Run = { acknowledged: new Set(), sent: 0 };
    let token = '';
    let from = 0;
    for (let round = 0; round <= KILLS; round += 1) {
      const server = await startServer({ entry: 'source', env: { ...env, ...TEST_SERVER_ENV } });
      try {
        token ||= await login(server.origin);
        const last = round === KILLS;
        from = await stream(
          server.origin,
          token,
          from,
          SEGMENT,
          run,
          last ? undefined : () => void server.kill(),
        );
      } finally {
        await server.kill();
      }
    }

    const stored = new Set<string>();
    if (scratch) {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const rows = await client.query<{ project_name: string }>(
        'SELECT project_name FROM funding_records WHERE project_name LIKE $1',
        [`${PREFIX}%`],
      );
      for (const row of rows.rows) stored.add(row.project_name);
      await client.end();
    } else {
      const db = new Database(path.join(dataDir, 'usercenter.db'), { readonly: true });
      const rows = db
        .prepare('SELECT project_name FROM funding_records WHERE project_name LIKE ?')
        .all(`${PREFIX}%`) as { project_name: string }[];
      for (const row of rows) stored.add(row.project_name);
      db.close();
    }
    const lost = [...run.acknowledged].filter((name) => !stored.has(name));
    console.info(
      `durability (${process.env.TEST_DB ?? 'sqlite'}): ${run.sent} sent, ${run.acknowledged.size} acknowledged, ` +
        `${stored.size} stored, ${lost.length} lost, ${KILLS} kills`,
    );
    expect(run.acknowledged.size).toBeGreaterThan(SEGMENT);
    expect(lost).toEqual([]);
  });
});
