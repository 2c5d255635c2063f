// What only a real socket shows: a request body that never completes, and a HEAD answer's body.
import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { decodeToken, login } from '../support/login.js';

/** A short request timeout, so a stalled request is cut within a fraction of a second. */
const TIMEOUT_MS = 150;

/** The app of the current block, listening on a port of its own. */
let t: TestApp;
let port: number;
async function serve(app: Promise<TestApp>) {
  t = await app;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}

interface Exchange {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): Buffer;
  /** Resolves with everything the server sent once it closed the connection. */
  closed: Promise<Buffer>;
}

/** Opens a connection and writes `request` without ending it. */
function open(request: string | Buffer): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<Buffer>((done) => socket.on('close', () => done(Buffer.concat(chunks))));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write(request);
      resolve({ socket, received: () => Buffer.concat(chunks), closed });
    });
    socket.once('error', reject);
  });
}

const headOf = (response: string) => response.split('\r\n\r\n')[0] ?? '';
const bodyOf = (response: string) => response.slice(headOf(response).length + 4);

describe('a request body that never completes', () => {
  beforeAll(() => serve(createTestApp({ requestTimeoutMs: TIMEOUT_MS })));
  afterAll(() => t.close());

  it('is answered 408 in the envelope and the connection closed once the request timeout passes', {
    timeout: 5_000,
  }, async () => {
    const started = Date.now();
    const conn = await open(
      'POST /auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"username":"',
    );
    const response = (await conn.closed).toString('utf8');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(headOf(response)).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(bodyOf(response))).toEqual({
      code: 400,
      message: MSG.timeout,
      data: null,
      detail: MSG.timeout,
    });
  });

  it('ends the connection after an answer given before the body arrived, with no second answer', {
    timeout: 5_000,
  }, async () => {
    const conn = await open(
      'POST /tools/api/SavePublicity/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"projectName":"',
    );
    const response = (await conn.closed).toString('utf8');
    expect(headOf(response)).toMatch(/^HTTP\/1\.1 401 /);
    expect(headOf(response)).toMatch(/^connection: close$/im);
    expect(JSON.parse(bodyOf(response))).toMatchObject({ code: 401 });
  });

  it('does not cut a push websocket that stays open longer', async () => {
    const token = await login(t.app, 'demouser');
    const groupId = decodeToken(token).group_id;
    const conn = await open(
      `GET /ws/msg/${groupId}/?token=${token} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    // Several request timeouts (and the checks between them) pass.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
    expect(conn.received().toString('latin1')).toMatch(/^HTTP\/1\.1 101 /);
    const before = conn.received().length;
    // One masked text frame {"type":"ping"}; the server answers {"type":"pong"}.
    const payload = Buffer.from('{"type":"ping"}');
    const mask = randomBytes(4);
    const masked = payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0));
    conn.socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]));
    await new Promise<void>((resolve) => {
      const check = () => (conn.received().includes('pong') ? resolve() : setTimeout(check, 10));
      check();
    });
    expect(conn.received().subarray(before).toString('utf8')).toContain('{"type":"pong"}');
    expect(conn.socket.destroyed).toBe(false);
    conn.socket.destroy();
  });
});

describe('HEAD answers', () => {
  // The default request timeout: a request sent in pieces is not cut while it arrives.
  beforeAll(() => serve(createTestApp({ seedDemo: false })));
  afterAll(() => t.close());

  /** Sends `parts` one after another (a pause between them, so each arrives alone), half-closes, reads the answer. */
  async function exchange(...parts: string[]): Promise<string> {
    const conn = await open(parts[0] ?? '');
    for (const part of parts.slice(1)) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (!conn.socket.destroyed) conn.socket.write(part);
    }
    if (!conn.socket.destroyed) conn.socket.end();
    return (await conn.closed).toString('utf8');
  }
  const statusOf = (response: string) => Number(headOf(response).split(' ')[1]);
  const longUrl = `/auth/info/?q=${'a'.repeat(17_000)}`;

  it.each([
    ['a URL over the header limit', [`HEAD ${longUrl} HTTP/1.1\r\nHost: x\r\n\r\n`], 431],
    [
      'a URL over the header limit, arriving in pieces',
      [
        `HEAD ${longUrl.slice(0, 4_000)}`,
        longUrl.slice(4_000, 12_000),
        `${longUrl.slice(12_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      ],
      431,
    ],
    [
      'a URL over the header limit, after a GET on the same connection',
      ['GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n', `HEAD ${longUrl} HTTP/1.1\r\nHost: x\r\n\r\n`],
      431,
    ],
    ['a header with a NUL byte', ['HEAD /auth/info/ HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n'], 400],
    ['an unknown HTTP version', ['HEAD /auth/info/ HTTP/9.9\r\nHost: x\r\n\r\n'], 400],
    ['a call without a token', ['HEAD /auth/info/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], 401],
    ['an unknown path', ['HEAD /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], 404],
    ['a malformed URL', ['HEAD /auth/info/%zz%/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], 400],
  ])('have no body: %s', async (_name, parts, status) => {
    const all = await exchange(...parts);
    // The answer to the last request: a GET before it on the same connection was answered first.
    const response = all.slice(all.lastIndexOf('HTTP/1.1 '));
    expect(statusOf(response), response.slice(0, 200)).toBe(status);
    expect(bodyOf(response)).toBe('');
  });

  it('while a GET refused by the parser still gets the envelope', async () => {
    const response = await exchange(`GET ${longUrl} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(statusOf(response)).toBe(431);
    expect(JSON.parse(bodyOf(response))).toMatchObject({ code: 400, message: MSG.headersTooLarge });
  });
});
