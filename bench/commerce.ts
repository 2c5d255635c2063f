// Commerce (docs/architecture.md §9): the order status poll, 10,000 open orders polled every 2 s (5,000 requests/s) beside
// a bare Fastify at the same rate; and a payment notification's way to the member's websocket (<= 500 ms p99), on one
// instance and on two instances through Redis (notification to A, websocket on B).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  COMMERCE_API,
  type OrderCreated,
  PAY_TYPE,
  type PayCreated,
  PLAN,
  PUSH_ORDER_PAID,
} from '@uc/shared';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import WebSocket from 'ws';
import { createMemoryStore } from '../apps/server/src/lib/kv.js';
import { SECRET_FILE } from '../apps/server/src/lib/secret.js';
import {
  createSandboxProvider,
  type SandboxNotification,
} from '../apps/server/src/providers/payment/sandbox.js';
import {
  type Load,
  load,
  loadPaths,
  loginToken,
  quantileMs,
  report,
  routeHistogram,
  rows,
  startServer,
} from './lib.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
/** Every open order polled every 2 s. */
const POLL_RATE = ORDERS / 2;
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 20);
/** Rates tried, highest first, when the target rate is not sustained. */
const LOWER_RATES = [4_000, 3_000, 2_000, 1_000, 500, 250];
/** Achieved at least this share of the target rate: sustained. */
const SUSTAINED = 0.95;
/** The read budget of docs/architecture.md §9: p99 at a fixed rate <= 1.2 x the bare Fastify's p99 at that rate. */
const READ_BUDGET_RATIO = 1.2;
const PUSH_ORDERS = Number(process.env.BENCH_PUSH_ORDERS ?? 300);
/** Notifications are sent at this pace, not waiting for the push (40 payments/s). */
const PUSH_INTERVAL_MS = 25;
const PUSH_BUDGET_MS = 500;
/** A push not arrived this long after the last notification counts as lost. */
const PUSH_WAIT_MS = 10_000;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CREATE_IN_FLIGHT = 16;
const STATUS_ROUTE = COMMERCE_API.payStatus;

interface Trade {
  outTradeNo: string;
  /** The attempt's trade number at the provider. */
  tradeNo: string;
  amountFen: number;
}

async function post<T>(origin: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; data: T };
  if (res.status !== 200 || envelope.code !== 200)
    throw new Error(`${path} answered ${res.status}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** `count` open orders of the member, each with a QR shown (pay_type 2: the Alipay channel, the sandbox here). */
async function openOrders(origin: string, token: string, count: number): Promise<Trade[]> {
  const trades: Trade[] = [];
  let made = 0;
  const worker = async () => {
    while (made < count) {
      made += 1;
      // A renewal of demouser's own plan: the same price for every order, whatever is credited meanwhile.
      const order = await post<OrderCreated>(origin, token, COMMERCE_API.order, {
        gid: PLAN.professional,
        count: 1,
      });
      const qr = await post<PayCreated>(origin, token, COMMERCE_API.pay, {
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
  };
  await Promise.all(Array.from({ length: CREATE_IN_FLIGHT }, worker));
  return trades;
}

/** The sandbox's signed notifications of payments, built with the server's secret and the provider's own code. */
async function signNotifications(secret: string, trades: readonly Trade[]): Promise<SandboxNotification[]> {
  const store = createMemoryStore();
  const sandbox = createSandboxProvider({
    kv: store.kv,
    secret,
    publicBaseUrl: 'http://127.0.0.1',
    now: () => new Date(),
  });
  try {
    const signed: SandboxNotification[] = [];
    for (const trade of trades) {
      await sandbox.createQr({
        tradeNo: trade.tradeNo,
        amountFen: trade.amountFen,
        description: 'bench',
        expiresAt: new Date(Date.now() + 3_600_000),
        notifyUrl: '',
      });
      const notification = await sandbox.confirm(trade.tradeNo);
      if (!notification) throw new Error(`the sandbox refused to confirm ${trade.tradeNo}`);
      signed.push(notification);
    }
    return signed;
  } finally {
    await store.close();
  }
}

const groupOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { group_id: number })
    .group_id;

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

/** The member's push websocket; resolves once the server said connected. Records when each order's push arrived. */
async function pushSocket(origin: string, token: string) {
  const url = `${origin.replace(/^http/, 'ws')}/ws/msg/${groupOf(token)}/?token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(url);
  const arrived = new Map<string, number>();
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('close', (code, reason) => reject(new Error(`push socket closed: ${code} ${reason.toString()}`)));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { code?: number; message?: string; type?: string };
      if (message.code === 0) resolve();
      else if (message.code === PUSH_ORDER_PAID && message.message)
        arrived.set(message.message, performance.now());
    });
  });
  // The server closes sockets that stay silent; the page pings, so does this client.
  const ping = setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), 10_000);
  return {
    arrived,
    close() {
      clearInterval(ping);
      ws.removeAllListeners('close');
      ws.close();
    },
  };
}

/**
 * Notification-to-push latency: PUSH_ORDERS payments on `notifyOrigin`, the member's websocket on `socketOrigin`, one
 * order opened and its signed notification sent every PUSH_INTERVAL_MS or so; from sending each to its PUSH_ORDER_PAID.
 */
async function pushLatency(
  what: string,
  notifyOrigin: string,
  socketOrigin: string,
  token: string,
  secret: string,
) {
  const socket = await pushSocket(socketOrigin, token);
  const sent = new Map<string, number>();
  const statuses: number[] = [];
  const trades: Trade[] = [];
  try {
    // One open order per member and plan: each payment is made on the order the previous one left paid, so the
    // orders are opened one at a time, each paid before the next (the notification's answer means it is credited).
    for (let i = 0; i < PUSH_ORDERS; i += 1) {
      const [trade] = await openOrders(notifyOrigin, token, 1);
      if (!trade) throw new Error('no order to pay');
      const [notification] = await signNotifications(secret, [trade]);
      if (!notification) throw new Error('no notification');
      trades.push(trade);
      sent.set(trade.outTradeNo, performance.now());
      const res = await fetch(`${notifyOrigin}${COMMERCE_API.notifySandbox}`, {
        method: 'POST',
        headers: notification.headers,
        body: notification.body,
      });
      await res.arrayBuffer();
      statuses.push(res.status);
      await new Promise((resolve) => setTimeout(resolve, PUSH_INTERVAL_MS));
    }
    const deadline = Date.now() + PUSH_WAIT_MS;
    while (socket.arrived.size < trades.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const latencies = trades
      .map((t) => (socket.arrived.get(t.outTradeNo) ?? Number.NaN) - (sent.get(t.outTradeNo) ?? 0))
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b);
    const lost = trades.length - latencies.length;
    const refused = statuses.filter((s) => s !== 204).length;
    const p99 = lost > 0 ? Number.POSITIVE_INFINITY : quantile(latencies, 0.99);
    report(`payment notification -> websocket p99, ${what}`, p99, 'ms', PUSH_BUDGET_MS);
    console.log(
      `\nnotification -> push, ${what}: ${trades.length} payments at ${1000 / PUSH_INTERVAL_MS}/s; ` +
        `p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms, ` +
        `max ${quantile(latencies, 1).toFixed(1)} ms; ${lost} pushes missing, ${refused} notifications not answered 204`,
    );
  } finally {
    socket.close();
  }
}

/**
 * `count` open orders with a QR shown, fast: one made through the API, then cloned in the server's SQLite file
 * (every column copied but the numbers and `queried_at`, the time of the order's last provider query; the file is in
 * WAL mode, so the running server keeps serving). Real members hold one open order per plan: see the index below.
 */
let cloned = 0;

async function seedOpenOrders(
  origin: string,
  dataDir: string,
  token: string,
  count: number,
  queriedAt: (i: number) => number,
): Promise<string[]> {
  const [template] = await openOrders(origin, token, 1);
  if (!template) throw new Error('no template order');
  const db = new Database(join(dataDir, 'usercenter.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const columns = (table: string) =>
      (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[])
        .map((c) => c.name)
        .filter((name) => name !== 'id');
    const orderColumns = columns('orders');
    const attemptColumns = columns('payment_attempts');
    const select = (cols: string[], replaced: Record<string, string>) =>
      cols.map((c) => (c in replaced ? `${replaced[c]} AS ${c}` : c)).join(', ');
    const cloneOrder = db.prepare(
      `INSERT INTO orders (${orderColumns.join(', ')})
       SELECT ${select(orderColumns, { out_trade_no: '@outTradeNo', queried_at: '@queriedAt' })}
       FROM orders WHERE out_trade_no = @template RETURNING id`,
    );
    const cloneAttempt = db.prepare(
      `INSERT INTO payment_attempts (${attemptColumns.join(', ')})
       SELECT ${select(attemptColumns, { order_id: '@orderId', trade_no: '@tradeNo' })}
       FROM payment_attempts WHERE trade_no = @template`,
    );
    // The server keeps one open order per member and plan (index orders_one_open_uq); the clones are one member's
    // open orders of one plan, which only the poll's load needs, so the bench's copy of the database drops it.
    db.exec('DROP INDEX IF EXISTS orders_one_open_uq');
    const day = template.outTradeNo.slice(0, 8);
    // Every set clones the member's one open order, so numbers run on across sets.
    const first = Number(template.outTradeNo.slice(8)) + 1 + cloned;
    cloned += count;
    const outTradeNos = [template.outTradeNo];
    db.transaction(() => {
      for (let i = 1; i < count; i += 1) {
        const outTradeNo = `${day}${String((first + i) % 1e12).padStart(12, '0')}`;
        const { id } = cloneOrder.get({
          outTradeNo,
          queriedAt: new Date(queriedAt(i)).toISOString(),
          template: template.outTradeNo,
        }) as { id: number };
        cloneAttempt.run({ orderId: id, tradeNo: `${outTradeNo}001`, template: template.tradeNo });
        outTradeNos.push(outTradeNo);
      }
    })();
    return outTradeNos;
  } finally {
    db.close();
  }
}

/** Provider queries the status poll made (each records a payment_events row), read from the SQLite file. */
function providerQueries(dataDir: string): number {
  const db = new Database(join(dataDir, 'usercenter.db'), { readonly: true });
  try {
    return (
      db.prepare(`SELECT COUNT(*) AS n FROM payment_events WHERE kind = 'query'`).get() as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

type PollSet = 'due' | 'quiet';

/**
 * The status poll at POLL_RATE over ORDERS open orders, each polled every 2 s, then at lower rates over fewer
 * orders until a rate is sustained: first orders whose next provider query is an hour away (`quiet`: plain reads
 * only), then orders as they are (`due`: each comes due for a provider query once per 10 s, so one poll in five
 * queues one while the rate holds; the server's queue asks at most 50 a second, off the request path). The two tell
 * the read path from the work of the provider queries beside it.
 */
async function pollStatus(origin: string, dataDir: string, token: string, bareUrl: string) {
  const auth = { authorization: `Bearer ${token}` };
  let seeding = 0;
  /** A fresh set for each run, so that every run starts with the provider queries evenly due. */
  const seed = async (set: PollSet, count: number) => {
    const started = performance.now();
    const now = Date.now();
    const orders = await seedOpenOrders(origin, dataDir, token, count, (i) =>
      // `due`: last queried over the past 10 s, so each order comes due again within the run's first 10 s.
      set === 'due' ? now - (i * 10_000) / count : now + 3_600_000,
    );
    seeding += performance.now() - started;
    return orders.map((no) => `${STATUS_ROUTE}?out_trade_no=${no}`);
  };
  const quiet = await seed('quiet', ORDERS);
  // Reads the file's pages into the cache and fills the session check.
  await loadPaths(origin, quiet, auth, { duration: 2 });

  const bareAt = new Map<number, Load>();
  const figures: Record<string, string | number>[] = [];
  const poll = async (set: PollSet, rate: number) => {
    // A lower rate polls fewer orders, each still every 2 s: the same mix of plain reads and provider queries.
    const polled = set === 'quiet' ? quiet.slice(0, rate * 2) : await seed(set, rate * 2);
    const queries = providerQueries(dataDir);
    const served = await routeHistogram(origin, STATUS_ROUTE);
    const r = await loadPaths(origin, polled, auth, { overallRate: rate, duration: POLL_SECONDS });
    const inside = quantileMs(served, await routeHistogram(origin, STATUS_ROUTE), 0.99);
    const queried = providerQueries(dataDir) - queries;
    // The same fixed rate on the bare Fastify: what the machine and the load generator add by themselves.
    const bare = bareAt.get(rate) ?? (await load(bareUrl, {}, { overallRate: rate, duration: POLL_SECONDS }));
    bareAt.set(rate, bare);
    figures.push({
      orders: set === 'due' ? `${polled.length}` : `${polled.length}, none due`,
      'target req/s': rate,
      'status req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'server p99 <= ms': inside,
      errors: r.errors,
      'provider queries': queried,
      'bare req/s': Math.round(bare.rps),
      'bare p99 ms': bare.p99,
    });
    return { ...r, bareP99: bare.p99, sustained: r.rps >= SUSTAINED * rate };
  };
  const reportPoll = (what: string, rate: number, r: Awaited<ReturnType<typeof poll>>) => {
    if (rate === POLL_RATE)
      report(`${what}: requests/s at a target of ${rate}/s`, r.rps, 'req/s', rate, true);
    if (r.sustained)
      report(`${what}: p99 at ${rate} req/s vs bare Fastify p99`, r.p99 / r.bareP99, 'x', READ_BUDGET_RATIO);
  };

  const rates = [POLL_RATE, ...LOWER_RATES.filter((r) => r < POLL_RATE)];
  for (const [set, what] of [
    ['quiet', 'order status poll, plain reads only'],
    ['due', 'order status poll'],
  ] as const) {
    for (const rate of rates) {
      const r = await poll(set, rate);
      reportPoll(what, rate, r);
      if (r.sustained) break;
    }
  }
  console.log(
    `\norder status poll: open orders of one member, each polled every 2 s in turn, ${POLL_SECONDS} s per run ` +
      `(orders seeded in ${(seeding / 1000).toFixed(1)} s in all; server p99: the bucket bound of its /metrics ` +
      'histogram)',
  );
  console.table(figures);
}

/** Redis answers PING at `url` (no client library: one line of the protocol). */
function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** A database of its own on the PostgreSQL server at PG_ADMIN_URL; null when it cannot be reached. */
async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const name = `uc_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const skipped = (what: string, why: string) => {
  rows.push({ what, figure: 'skipped', budget: `<= ${PUSH_BUDGET_MS} ms`, ratio: why });
  console.log(`\n${what}: skipped (${why})`);
};

/** Two instances, PostgreSQL and Redis (the scaled-out shape): notifications to A, the websocket on B. */
async function pushAcrossInstances(portA: number, portB: number) {
  const what = 'payment notification -> websocket p99, two instances through Redis';
  if (!(await redisReachable(REDIS_URL))) return skipped(what, `no Redis at ${REDIS_URL}`);
  const database = await scratchPostgres();
  if (!database) return skipped(what, `no PostgreSQL at ${PG_ADMIN_URL}`);
  const secret = randomBytes(48).toString('base64url');
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: `uc-bench:${randomUUID()}:`,
    // Every instance of the scaled-out shape signs with the same secret (docs/deployment.md).
    JWT_SECRET: secret,
  };
  const dirA = mkdtempSync(join(tmpdir(), 'uc-bench-a-'));
  const dirB = mkdtempSync(join(tmpdir(), 'uc-bench-b-'));
  try {
    const a = await startServer(portA, dirA, env);
    try {
      const b = await startServer(portB, dirB, env);
      try {
        const originA = `http://127.0.0.1:${portA}`;
        const token = await loginToken(originA);
        await pushLatency('two instances through Redis', originA, `http://127.0.0.1:${portB}`, token, secret);
      } finally {
        await b.stop();
      }
    } finally {
      await a.stop();
    }
  } finally {
    await database.drop();
    for (const dir of [dirA, dirB]) rmSync(dir, { recursive: true, force: true });
  }
}

/** Uses `port` (the embedded server), +1 (bare Fastify), +2 and +3 (the two instances). */
export async function benchCommerce(port: number) {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'uc-bench-commerce-'));
  const server = await startServer(port, dataDir);
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  await bare.listen({ port: port + 1, host: '127.0.0.1' });
  try {
    const token = await loginToken(origin);
    await pollStatus(origin, dataDir, token, `http://127.0.0.1:${port + 1}/`);
    // The server's secret as it derives it (JWT_SECRET, else the one it generated into its data folder): the
    // sandbox's signing keys derive from it.
    const secret = process.env.JWT_SECRET ?? readFileSync(join(dataDir, SECRET_FILE), 'utf8').trim();
    await pushLatency('one instance', origin, origin, token, secret);
  } finally {
    await bare.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  await pushAcrossInstances(port + 2, port + 3);
}
