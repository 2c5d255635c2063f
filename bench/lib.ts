// What the benchmark scripts share: the production server as a child process, a demo login, load runs (autocannon's
// closed loop, or requests at a fixed rate), the report.
import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  type ServerProcess,
  startServer as startServerProcess,
} from '../apps/server/test/support/server-process.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Production serves /metrics only to this bearer token. */
const METRICS_TOKEN = 'bench-metrics-token';

export type Row = { what: string; figure: string; budget: string; ratio: string };
export const rows: Row[] = [];

/** Adds a figure beside its budget to the summary table; returns the row (its `ratio` ends in ok or OVER BUDGET). */
export function report(
  what: string,
  figure: number,
  unit: string,
  budget: number,
  higherIsBetter = false,
): Row {
  const ok = higherIsBetter ? figure >= budget : figure <= budget;
  const row = {
    what,
    figure: `${figure.toFixed(1)} ${unit}`,
    budget: `${higherIsBetter ? '>=' : '<='} ${budget} ${unit}`,
    ratio: `${(figure / budget).toFixed(2)} ${ok ? 'ok' : 'OVER BUDGET'}`,
  };
  rows.push(row);
  return row;
}

/**
 * The production build (apps/server/dist) on `port`, with its data in `dataDir`; resolves once /healthz answers.
 * `env` is laid over the embedded defaults below (for example DATABASE_URL and REDIS_URL for the scaled-out shape).
 * Stop it with `stop()`.
 */
export function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return startServerProcess({
    entry: 'build',
    port,
    stderr: 'inherit',
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      // The bench measures the request path itself, not the protective limits in front of it.
      RATE_LIMIT_PER_MINUTE: '0',
      LOGIN_MAX_PER_IP_PER_MINUTE: '100000',
      // The console SMS provider is refused in production unless allowed; nothing is texted here.
      SMS_ALLOW_CONSOLE: 'true',
      // Likewise the console mail provider.
      MAIL_ALLOW_CONSOLE: 'true',
      // Likewise the sandbox payment channel (no payment provider is configured here).
      PAYMENT_ALLOW_SANDBOX: 'true',
      // The budgets are for the embedded shape: SQLite, in-process limits and fan-out.
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
  });
}

export async function loginToken(
  origin: string,
  username = 'demouser',
  password = 'Demo12345',
): Promise<string> {
  const hash = createHash('sha256').update(password).digest('hex');
  const res = await fetch(`${origin}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: hash, type: '2' }),
  });
  const body = (await res.json()) as { message?: string; data: { token?: string } | null };
  if (!body.data?.token) throw new Error(`login of ${username} failed: ${body.message ?? res.status}`);
  return body.data.token;
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(
  url: string,
  headers: Record<string, string>,
  options: { connections?: number; overallRate?: number; duration?: number } = {},
): Promise<Load> {
  if (options.overallRate)
    return paced(() => url, headers, options.overallRate, options.duration ?? DURATION);
  const r = await autocannon({
    url,
    headers,
    connections: options.connections ?? 50,
    duration: options.duration ?? DURATION,
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/**
 * Like `load`, but each request takes the next of `paths` (on `origin`) in turn, round the list: many resources of
 * one route, each requested once per pass.
 */
export async function loadPaths(
  origin: string,
  paths: readonly string[],
  headers: Record<string, string>,
  options: { connections?: number; overallRate?: number; duration?: number } = {},
): Promise<Load> {
  let next = 0;
  const nextPath = () => {
    const path = paths[next % paths.length] ?? '/';
    next += 1;
    return path;
  };
  if (options.overallRate)
    return paced(() => `${origin}${nextPath()}`, headers, options.overallRate, options.duration ?? DURATION);
  const r = await autocannon({
    url: origin,
    headers,
    connections: options.connections ?? 50,
    duration: options.duration ?? DURATION,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/**
 * GETs at a fixed rate, evenly spaced (an open loop: each request is sent at its time whether or not the earlier ones
 * have been answered, over as many kept-alive connections as that takes), for `seconds`. Each latency runs from the
 * time the request was due, so a server (or a client) that falls behind is charged for the wait. autocannon's
 * `overallRate` is no fixed rate: each connection sends its share of a second back to back as the second starts and
 * then waits, so its "100/s" is a burst of 100 requests at its connections' concurrency once a second.
 */
async function paced(
  nextUrl: () => string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const url = new URL(nextUrl());
      const req = request(
        { agent, hostname: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers },
        (res) => {
          if ((res.statusCode ?? 0) >= 400) errors += 1;
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const count = Math.round(rate * seconds);
  const start = performance.now() + 20;
  const sent: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(send(due));
  }
  await Promise.all(sent);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rps: latencies.length / elapsed,
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    errors,
  };
}

/** The server's own request-duration histogram for one route (cumulative counts per upper bound, from /metrics). */
export async function routeHistogram(origin: string, route: string): Promise<Map<number, number>> {
  const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const buckets = new Map<number, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('http_request_duration_seconds_bucket{') || !line.includes(`route="${route}"`))
      continue;
    const le = /le="([^"]+)"/.exec(line)?.[1];
    if (!le || !line.includes('status_code="200"')) continue;
    buckets.set(le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le), Number(line.split(' ').pop()));
  }
  return buckets;
}

/** The bucket bound (ms) under which `q` of the requests between two histogram readings finished. */
export function quantileMs(before: Map<number, number>, after: Map<number, number>, q: number): number {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const total = (after.get(Number.POSITIVE_INFINITY) ?? 0) - (before.get(Number.POSITIVE_INFINITY) ?? 0);
  for (const bound of bounds) {
    if ((after.get(bound) ?? 0) - (before.get(bound) ?? 0) >= q * total) return bound * 1000;
  }
  return Number.POSITIVE_INFINITY;
}
