import { randomUUID } from 'node:crypto';
import { CODE, LIMITS, MSG, PUSH_INBOX } from '@uc/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../support/app.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { bearer, decodeToken, login } from '../support/login.js';
import { connect, wsUrl } from '../support/push-socket.js';
import { describeWithRedis } from '../support/redis-suite.js';

let t: ClockedApp;
beforeAll(async () => {
  t = await createClockedApp();
});
afterAll(() => t.close());

const groupOf = (token: string) => Number(decodeToken(token).group_id);
const CONNECTED = { code: 0, message: 'connected' };

describe('push websocket /ws/msg/{group_id}/', () => {
  it('greets an authenticated socket and answers its heartbeat', async () => {
    const token = await login(t.app, 'goldvip01');
    const socket = await connect(t.app, wsUrl(groupOf(token), token));
    expect(await socket.next()).toEqual(CONNECTED);
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
    socket.ws.close();
  });

  it('closes with 4401 for a missing, bad or revoked token, or another group', async () => {
    const token = await login(t.app, 'trialuser');
    const urls = [
      '/ws/msg/1/',
      wsUrl(groupOf(token), 'not-a-token'),
      wsUrl(groupOf(token) + 1000, token),
      wsUrl('abc', token),
    ];
    for (const url of urls) {
      const socket = await connect(t.app, url);
      expect((await socket.closed).code, url).toBe(4401);
    }
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    expect((await (await connect(t.app, wsUrl(groupOf(token), token))).closed).code).toBe(4401);
  });

  it('tells the old session at once (code 1) when the account logs in again, and closes it; the new one stays', async () => {
    const first = await login(t.app, 'demouser');
    const oldSocket = await connect(t.app, wsUrl(groupOf(first), first));
    expect(await oldSocket.next()).toEqual(CONNECTED);
    const second = await login(t.app, 'demouser');
    const newSocket = await connect(t.app, wsUrl(groupOf(second), second));
    expect(await newSocket.next()).toEqual(CONNECTED);

    const third = await login(t.app, 'demouser');
    expect(await newSocket.next()).toEqual({ code: 1, message: MSG.loggedInElsewhere });
    expect(await newSocket.closed).toEqual({ code: 4401, reason: 'login_elsewhere' });
    expect((await oldSocket.closed).code).toBe(4401);
    expect(third).toBeTruthy();
  });

  it('tells a socket opened with a token a newer login has ended (code 1), then closes it', async () => {
    const first = await login(t.app, 'goldvip01');
    await login(t.app, 'goldvip01');
    // The socket was down when the newer login pushed code 1; it learns on reconnecting.
    const socket = await connect(t.app, wsUrl(groupOf(first), first));
    expect(await socket.next()).toEqual({ code: 1, message: MSG.loggedInElsewhere });
    expect(await socket.closed).toEqual({ code: 4401, reason: 'login_elsewhere' });
  });

  it('closes silently (4401, no message) for a forged, expired or logged-out token', async () => {
    const first = await login(t.app, 'trialuser');
    const second = await login(t.app, 'trialuser');
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    // Even a superseded session is only "expired" once its token has run out.
    const expired = await sign({ ...decodeToken(first), exp: Math.floor(Date.now() / 1000) - 60 });
    const forged = await sign({ ...decodeToken(second), jti: randomUUID() });
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(second) });
    for (const token of [expired, forged, second]) {
      const socket = await connect(t.app, wsUrl(groupOf(second), token));
      expect(await socket.closed).toEqual({ code: 4401, reason: 'unauthorized' });
      expect(socket.pending()).toEqual([]);
    }
  });

  it('keeps a sub-account’s socket when its main account logs in (same group, another session)', async () => {
    const sub = await login(t.app, 'demosub01');
    const socket = await connect(t.app, wsUrl(groupOf(sub), sub));
    expect(await socket.next()).toEqual(CONNECTED);
    await login(t.app, 'demouser');
    // The main account's 消息中心 got a login-elsewhere message: every page of the group refreshes its bell.
    expect(await socket.next()).toEqual({ code: PUSH_INBOX, message: '' });
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
    socket.ws.close();
  });

  it('closes a socket on logout, silently', async () => {
    const token = await login(t.app, 'goldvip01');
    const socket = await connect(t.app, wsUrl(groupOf(token), token));
    expect(await socket.next()).toEqual(CONNECTED);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    expect(await socket.closed).toEqual({ code: 4401, reason: 'logout' });
  });

  it('closes sockets silent for longer than the idle limit, not those that ping', async () => {
    const quietToken = await login(t.app, 'goldvip01');
    const quiet = await connect(t.app, wsUrl(groupOf(quietToken), quietToken));
    const chattyToken = await login(t.app, 'trialuser');
    const chatty = await connect(t.app, wsUrl(groupOf(chattyToken), chattyToken));
    expect(await quiet.next()).toEqual(CONNECTED);
    expect(await chatty.next()).toEqual(CONNECTED);
    t.advance(LIMITS.wsHeartbeatMs * 2);
    chatty.send({ type: 'ping' });
    expect(await chatty.next()).toEqual({ type: 'pong' });
    t.advance(16_000);
    t.app.pushHub.sweep();
    expect(await quiet.closed).toEqual({ code: 4408, reason: 'idle' });
    chatty.send({ type: 'ping' });
    expect(await chatty.next()).toEqual({ type: 'pong' });
    chatty.ws.close();
  });

  it('sends a group message to every socket of the group', async () => {
    const token = await login(t.app, 'goldvip01');
    const socket = await connect(t.app, wsUrl(groupOf(token), token));
    expect(await socket.next()).toEqual(CONNECTED);
    await t.app.pushHub.toGroup(groupOf(token), { code: 2, message: '支付成功' });
    expect(await socket.next()).toEqual({ code: 2, message: '支付成功' });
    socket.ws.close();
  });
});

describeWithRedis('push across two instances sharing Redis and the database (TEST_REDIS_URL)', (redisUrl) => {
  let a: ClockedApp;
  let b: ClockedApp;
  beforeAll(async () => {
    const shared = { redisUrl, redisPrefix: `uc-test:${randomUUID()}:` };
    a = await createClockedApp(shared);
    b = await createClockedApp(shared, { db: a.db });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers a forced logout published on B to the socket held by A', async () => {
    const first = await login(a.app, 'demouser');
    const socket = await connect(a.app, wsUrl(groupOf(first), first));
    expect(await socket.next()).toEqual(CONNECTED);
    const second = await login(b.app, 'demouser');
    expect(await socket.next()).toEqual({ code: 1, message: MSG.loggedInElsewhere });
    expect((await socket.closed).code).toBe(4401);
    const onB = await connect(b.app, wsUrl(groupOf(second), second));
    expect(await onB.next()).toEqual(CONNECTED);
    await a.app.pushHub.toGroup(groupOf(second), { code: 2, message: 'from A' });
    expect(await onB.next()).toEqual({ code: 2, message: 'from A' });
    onB.ws.close();
  });

  it('drops the session A has cached as soon as a login on B ends it: 30001 without the 3 s wait', async () => {
    const info = (token: string) =>
      a.app.inject({ method: 'GET', url: '/auth/info/', headers: bearer(token) });
    const first = await login(a.app, 'goldvip01');
    // Checked once on A, so A now holds it in its session cache; A's clock stands still during this test, so
    // without the published revocation that entry would never run out.
    expect((await info(first)).json().code).toBe(200);
    await login(b.app, 'goldvip01');
    // Only the Redis round trip to A's subscriber stands between B's answer and A's knowing.
    await expect
      .poll(async () => (await info(first)).json().code, { timeout: 1_000, interval: 10 })
      .toBe(CODE.loggedInElsewhere);
    expect((await info(first)).json()).toEqual({
      code: CODE.loggedInElsewhere,
      message: MSG.loggedInElsewhere,
      data: null,
    });
  });
});
