// Durability of payment notifications: many members each have two open orders with a QR shown (a renewal of their
// plan and the API package; a member has one open order per plan), created through the real HTTP API on the sandbox
// channel; their signed sandbox notifications are posted in a bounded stream while the real server process is killed
// with SIGKILL five times and restarted. Every notification answered 204 must have left its order paid and credited
// exactly once; the ones not answered are then delivered again (the provider's retry) and credit exactly once too.
// SQLite (synchronous=FULL), or PostgreSQL with TEST_DATABASE_URL (and Redis with TEST_REDIS_URL).
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  COMMERCE_API,
  DEFAULT_API_PLAN_ID,
  type OrderCreated,
  PAY_TYPE,
  type PayCreated,
  PLAN,
} from '@uc/shared';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/lib/kv.js';
import { SECRET_FILE } from '../../src/lib/secret.js';
import { createSandboxProvider, type SandboxNotification } from '../../src/providers/payment/sandbox.js';
import { createScratchPostgres } from '../support/app.js';
import { DEMO, hashed } from '../support/login.js';
import { startServer, TEST_SERVER_ENV } from '../support/server-process.js';

const KILLS = 5;
/** Members copied from demouser (its plan and password), each buying a renewal and the API package. */
const MEMBERS = 150;
const ORDERS = MEMBERS * 2;
/** Notifications per round; the last round streams what is left. */
const SEGMENT = Math.ceil(ORDERS / (KILLS + 1));
const IN_FLIGHT = 8;
/** demouser's own plan (VIP专业版, 12 months per unit) renewed, and the API package. */
const GIDS = [PLAN.professional, DEFAULT_API_PLAN_ID];
const MEMBER_PREFIX = 'durab';
const DB_LABEL = process.env.TEST_DB ?? 'sqlite';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function call<T>(base: string, token: string | null, url: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || envelope.code !== 200) {
    throw new Error(`${url} answered ${res.status}: ${JSON.stringify(envelope)}`);
  }
  return envelope.data;
}

async function login(base: string, username: string): Promise<string> {
  const data = await call<{ token: string }>(base, null, '/auth/login/', {
    username,
    password: hashed(DEMO.demouser),
  });
  return data.token;
}

const COPY_DEMOUSER = `INSERT INTO users (username, password_hash, company_name, mobile, level, gid, expired_at, area,
    created_at, updated_at)
  SELECT $1, password_hash, company_name, mobile, level, gid, expired_at, area, created_at, updated_at
  FROM users WHERE username = 'demouser'`;
const OWN_GROUPS = `UPDATE users SET group_id = id WHERE username LIKE '${MEMBER_PREFIX}%'`;
const memberName = (n: number) => `${MEMBER_PREFIX}${String(n).padStart(3, '0')}`;

/** The members, written into the database the server has migrated and seeded (demouser's plan and password). */
async function addMembers(dataDir: string, databaseUrl: string | null): Promise<string[]> {
  const names = Array.from({ length: MEMBERS }, (_, i) => memberName(i + 1));
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const name of names) await client.query(COPY_DEMOUSER, [name]);
      await client.query(OWN_GROUPS);
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(path.join(dataDir, 'usercenter.db'));
    try {
      db.pragma('busy_timeout = 10000');
      const insert = db.prepare(COPY_DEMOUSER.replace('$1', '?'));
      db.transaction(() => {
        for (const name of names) insert.run(name);
        db.prepare(OWN_GROUPS).run();
      })();
    } finally {
      db.close();
    }
  }
  return names;
}

interface Trade {
  outTradeNo: string;
  /** The attempt's trade number at the provider. */
  tradeNo: string;
  amountFen: number;
}

/** Each member's renewal and API package, each with a sandbox QR shown (pay_type 2: the Alipay channel, on the sandbox). */
async function openOrders(base: string, members: string[]): Promise<Trade[]> {
  const trades: Trade[] = [];
  let next = 0;
  const worker = async () => {
    while (next < members.length) {
      const username = members[next] as string;
      next += 1;
      const token = await login(base, username);
      for (const gid of GIDS) {
        const order = await call<OrderCreated>(base, token, COMMERCE_API.order, { gid, count: 1 });
        const qr = await call<PayCreated>(base, token, COMMERCE_API.pay, {
          gid: order.gid,
          out_trade_no: order.out_trade_no,
          pay_type: PAY_TYPE.alipay,
          expired_time: order.expired_time ?? '',
          finalPrice: order.price,
          count: order.count,
        });
        trades.push({
          outTradeNo: order.out_trade_no,
          tradeNo: qr.orderid,
          amountFen: Math.round(order.price * 100),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return trades;
}

/**
 * The sandbox's signed notification of a payment of each trade, built here with the server's secret and the
 * provider's own code (a provider of the test's own, holding the trades in a store of its own).
 */
async function signer(secret: string) {
  const store = createMemoryStore();
  const sandbox = createSandboxProvider({
    kv: store.kv,
    secret,
    publicBaseUrl: 'http://127.0.0.1',
    now: () => new Date(),
  });
  const known = new Set<string>();
  return {
    async notification(trade: Trade): Promise<SandboxNotification> {
      if (!known.has(trade.tradeNo)) {
        known.add(trade.tradeNo);
        await sandbox.createQr({
          tradeNo: trade.tradeNo,
          amountFen: trade.amountFen,
          description: 'durability',
          expiresAt: new Date(Date.now() + 3_600_000),
          notifyUrl: '',
        });
      }
      // Paid once; a later call (the provider's retry) signs the same payment again, fresh timestamp and nonce.
      const signed = await sandbox.confirm(trade.tradeNo);
      if (!signed) throw new Error(`the sandbox refused to confirm ${trade.tradeNo}`);
      return signed;
    },
    close: () => store.close(),
  };
}

type Signer = Awaited<ReturnType<typeof signer>>;

interface Run {
  /** Trade numbers whose notification was answered 204. */
  acknowledged: Set<string>;
  sent: number;
}

async function post(base: string, notification: SandboxNotification): Promise<number> {
  const res = await fetch(`${base}${COMMERCE_API.notifySandbox}`, {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
  });
  await res.arrayBuffer();
  return res.status;
}

/** Posts the notifications of trades[from, from + count) until done or the server died; returns where it stopped. */
async function stream(
  base: string,
  sign: Signer,
  trades: Trade[],
  from: number,
  count: number,
  run: Run,
  kill?: () => void,
) {
  let next = from;
  const end = Math.min(from + count, trades.length);
  const killAt = kill ? from + Math.floor(count / 3) + Math.floor(Math.random() * (count / 2)) : -1;
  const worker = async () => {
    while (next < end) {
      const n = next;
      next += 1;
      if (n === killAt) kill?.();
      const trade = trades[n] as Trade;
      run.sent += 1;
      try {
        if ((await post(base, await sign.notification(trade))) === 204) run.acknowledged.add(trade.tradeNo);
      } catch {
        return; // the server is gone: a notification not acknowledged may or may not have been credited
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return next;
}

interface Stored {
  /** out_trade_no -> status. */
  status: Map<string, string>;
  /** out_trade_no -> membership_changes rows of the order. */
  credits: Map<string, number>;
  /** The members' membership_changes in the order they were written: the plan's and the API quota's. */
  chain: { username: string; api: number; expiry_before: string | null; expiry_after: string }[];
  /** username -> the plan's expiry and the API quota's. */
  expiries: Map<string, { plan: string | null; api: string | null }>;
  /** Events left mid-transaction (there must be none: the credit is one transaction). */
  processing: number;
}

const STORED_SQL = {
  orders: `SELECT o.out_trade_no, o.status, COUNT(m.id) AS credits
    FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN membership_changes m ON m.order_id = o.id
    WHERE u.username LIKE '${MEMBER_PREFIX}%' GROUP BY o.out_trade_no, o.status`,
  chain: `SELECT u.username, CASE WHEN m.api_calls_added > 0 THEN 1 ELSE 0 END AS api, m.expiry_before,
    m.expiry_after FROM membership_changes m JOIN users u ON u.id = m.user_id
    WHERE u.username LIKE '${MEMBER_PREFIX}%' ORDER BY m.id`,
  member: `SELECT u.username, u.expired_at, q.expired_at AS api_expired_at FROM users u
    LEFT JOIN api_quotas q ON q.user_id = u.id WHERE u.username LIKE '${MEMBER_PREFIX}%'`,
  processing: `SELECT COUNT(*) AS n FROM payment_events WHERE outcome = 'processing'`,
};

type OrderStored = { out_trade_no: string; status: string; credits: number | string };
type Instant = string | Date | null;
type ChainRow = { username: string; api: number | string; expiry_before: Instant; expiry_after: Instant };
type MemberRow = { username: string; expired_at: Instant; api_expired_at: Instant };

async function readStored(dataDir: string, databaseUrl: string | null): Promise<Stored> {
  let orders: OrderStored[];
  let chain: ChainRow[];
  let members: MemberRow[];
  let processing: number;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      orders = (await client.query<OrderStored>(STORED_SQL.orders)).rows;
      chain = (await client.query<ChainRow>(STORED_SQL.chain)).rows;
      members = (await client.query<MemberRow>(STORED_SQL.member)).rows;
      processing = Number((await client.query<{ n: string }>(STORED_SQL.processing)).rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(path.join(dataDir, 'usercenter.db'), { readonly: true });
    try {
      orders = db.prepare(STORED_SQL.orders).all() as OrderStored[];
      chain = db.prepare(STORED_SQL.chain).all() as ChainRow[];
      members = db.prepare(STORED_SQL.member).all() as MemberRow[];
      processing = (db.prepare(STORED_SQL.processing).get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const iso = (value: Instant | undefined) => (value instanceof Date ? value.toISOString() : (value ?? null));
  return {
    status: new Map(orders.map((o) => [o.out_trade_no, o.status])),
    credits: new Map(orders.map((o) => [o.out_trade_no, Number(o.credits)])),
    chain: chain.map((c) => ({
      username: c.username,
      api: Number(c.api),
      expiry_before: iso(c.expiry_before),
      expiry_after: iso(c.expiry_after) ?? '',
    })),
    expiries: new Map(
      members.map((m) => [m.username, { plan: iso(m.expired_at), api: iso(m.api_expired_at) }]),
    ),
    processing,
  };
}

/**
 * Places where a member's credit does not start from the expiry its previous credit left (a lost or doubled
 * extension), per member and per plan or API quota, or where the last one is not the member's expiry now.
 */
function chainBreaks(stored: Stored): number {
  let breaks = 0;
  const last = new Map<string, string>();
  for (const row of stored.chain) {
    const key = `${row.username}:${row.api}`;
    const before = last.get(key);
    if (before !== undefined && row.expiry_before !== before) breaks += 1;
    last.set(key, row.expiry_after);
  }
  for (const [key, expiry] of last) {
    const [username, api] = key.split(':');
    const now = stored.expiries.get(username ?? '');
    if ((api === '1' ? now?.api : now?.plan) !== expiry) breaks += 1;
  }
  return breaks;
}

describe(`acknowledged payment notifications survive ${KILLS} kills -9 (${DB_LABEL})`, () => {
  let dataDir: string;
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | null = null;
  let sign: Signer | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uc-payment-durability-'));
    if (process.env.TEST_DB === 'postgres') scratch = await createScratchPostgres();
  });
  afterAll(async () => {
    await sign?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('credits every acknowledged one exactly once', { timeout: 240_000 }, async () => {
    const redisUrl = scratch ? process.env.TEST_REDIS_URL : undefined;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      // The scaled-out shape: the sandbox's trades live in Redis then, and survive the kills too.
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `uc-test:${randomUUID()}:` } : {}),
    };
    const run: Run = { acknowledged: new Set(), sent: 0 };
    let trades: Trade[] = [];
    let from = 0;
    let before: Stored | null = null;
    let after: Stored | null = null;
    const retried = { sent: 0, acknowledged: 0 };

    for (let round = 0; round <= KILLS; round += 1) {
      const server = await startServer({ entry: 'source', env: { ...env, ...TEST_SERVER_ENV } });
      const base = server.origin;
      try {
        if (!sign) {
          // The server's secret as it derives it: JWT_SECRET, else the one it generated in DATA_DIR.
          const secret =
            process.env.JWT_SECRET ?? (await readFile(path.join(dataDir, SECRET_FILE), 'utf8')).trim();
          sign = await signer(secret);
          trades = await openOrders(base, await addMembers(dataDir, scratch?.url ?? null));
        }
        const last = round === KILLS;
        const count = last ? trades.length - from : SEGMENT;
        from = await stream(
          base,
          sign,
          trades,
          from,
          count,
          run,
          last ? undefined : () => void server.kill(),
        );
        if (!last) continue;

        // What the kills left, before any retry.
        before = await readStored(dataDir, scratch?.url ?? null);
        // The provider retries every notification it saw no acknowledgement for.
        for (const trade of trades.filter((t) => !run.acknowledged.has(t.tradeNo))) {
          retried.sent += 1;
          if ((await post(base, await sign.notification(trade))) === 204) retried.acknowledged += 1;
        }
        after = await readStored(dataDir, scratch?.url ?? null);
      } finally {
        await server.kill();
      }
    }
    if (!before || !after) throw new Error('the last round did not finish');

    const outTradeNo = new Map(trades.map((t) => [t.tradeNo, t.outTradeNo]));
    const acknowledgedOrders = [...run.acknowledged].map((tradeNo) => outTradeNo.get(tradeNo) ?? tradeNo);
    const lost = acknowledgedOrders.filter(
      (no) => before?.status.get(no) !== 'paid' || before.credits.get(no) !== 1,
    );
    // Committed while its answer was lost to the kill: the retry must find it credited already.
    const committedUnanswered = trades.filter(
      (t) => !run.acknowledged.has(t.tradeNo) && before?.status.get(t.outTradeNo) === 'paid',
    ).length;
    const twice = (stored: Stored) => [...stored.credits].filter(([, n]) => n > 1).map(([no]) => no);
    const unpaid = trades.filter(
      (t) => after?.status.get(t.outTradeNo) !== 'paid' || after.credits.get(t.outTradeNo) !== 1,
    );
    console.info(
      `payment durability (${DB_LABEL}): ${ORDERS} orders of ${MEMBERS} members, ${run.sent} notifications sent, ` +
        `${run.acknowledged.size} acknowledged, ${lost.length} lost, ${twice(before).length} credited twice, ` +
        `${KILLS} kills (${committedUnanswered} credited without an answer); ${retried.sent} retried (${retried.acknowledged} acknowledged), then ` +
        `${after.chain.length} credited, ${unpaid.length} not credited once, ${twice(after).length} credited twice`,
    );

    expect(run.acknowledged.size).toBeGreaterThan(SEGMENT);
    expect(run.acknowledged.size).toBeLessThan(ORDERS);
    // Acknowledged = durable: paid and credited exactly once, whatever the kills did.
    expect(lost).toEqual([]);
    expect(twice(before)).toEqual([]);
    expect(before.processing).toBe(0);
    expect(chainBreaks(before)).toBe(0);
    // The retries credit what was not acknowledged, once, and nothing twice.
    expect(retried.acknowledged).toBe(retried.sent);
    expect(unpaid.map((t) => t.outTradeNo)).toEqual([]);
    expect(twice(after)).toEqual([]);
    expect(after.chain).toHaveLength(ORDERS);
    expect(after.processing).toBe(0);
    expect(chainBreaks(after)).toBe(0);
  });
});
