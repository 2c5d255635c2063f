// The log under abuse: a flood of rate-limited requests and broken chunked bodies write no error (nor warning) lines.
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { url?: string };
  err?: { stack?: string; type?: string };
}

/** pino's numbers: 30 info, 40 warn, 50 error. */
const LEVEL = { info: 30, warn: 40, error: 50 } as const;

describe('logs under abuse', () => {
  let t: TestApp;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: 'info', rateLimitPerMinute: 20 },
      { logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
    );
  });
  afterAll(() => t?.close());

  /** Requests logged as incoming with no later line of their own (their outcome) yet. */
  const unfinished = () => {
    const incoming = lines.filter((l) => l.msg === 'incoming request').map((l) => l.reqId);
    const ended = new Set(lines.filter((l) => l.msg !== 'incoming request').map((l) => l.reqId));
    return incoming.filter((id) => !ended.has(id));
  };

  it('logs 200 refusals of the rate limit at info, one short line each, and no error', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 220; i += 1)
      statuses.push((await t.app.inject({ method: 'GET', url: '/auth/info/' })).statusCode);
    expect(statuses.filter((s) => s === 503)).toHaveLength(200);
    const refusals = lines.filter((l) => l.msg === 'request refused: too many requests');
    expect(refusals).toHaveLength(200);
    expect(refusals.every((l) => l.level === LEVEL.info && l.err === undefined)).toBe(true);
    expect(lines.filter((l) => l.level >= LEVEL.error)).toEqual([]);
  });

  it('answers a broken chunked body without a warning or an error in the log', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    lines.length = 0;
    for (let i = 0; i < 5; i += 1) {
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.end(
            'POST /auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
          ),
        );
        socket.on('data', () => {});
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
    }
    // The request the parser gave up on may still be routed after the socket closed: wait until every request that
    // was routed has logged its outcome.
    await vi.waitFor(() => expect(unfinished()).toEqual([]));
    expect(lines.filter((l) => l.level >= LEVEL.warn)).toEqual([]);
  });
});

describe('request URLs in the log', () => {
  let t: TestApp;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: 'info' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
    );
  });
  afterAll(() => t?.close());

  it('keep the path and the other parameters but never the value of a secret-looking one', async () => {
    const secret = 'uck_live_0123456789abcdef';
    await t.app.inject({
      method: 'GET',
      url: `/openapi/v1/companies?keyword=gx&API_KEY=${secret}&Token=${secret}&page=2&access_token=${secret}`,
    });
    const logged = lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url);
    expect(logged).toEqual([
      '/openapi/v1/companies?keyword=gx&API_KEY=[redacted]&Token=[redacted]&page=2&access_token=[redacted]',
    ]);
    expect(JSON.stringify(lines)).not.toContain(secret);
  });
});
