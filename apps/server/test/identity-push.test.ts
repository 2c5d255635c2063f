import { randomUUID } from 'node:crypto';
import { LIMITS, MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, decodeToken, login } from './helpers.js';
import { createIdentityApp, type IdentityTestApp } from './identity-helpers.js';
import { connect, wsUrl } from './identity-ws.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityApp();
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

  it('keeps a sub-account’s socket when its main account logs in (same group, another session)', async () => {
    const sub = await login(t.app, 'demosub01');
    const socket = await connect(t.app, wsUrl(groupOf(sub), sub));
    expect(await socket.next()).toEqual(CONNECTED);
    await login(t.app, 'demouser');
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

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)(
  'push across two instances sharing Redis and the database (TEST_REDIS_URL)',
  () => {
    let a: IdentityTestApp;
    let b: IdentityTestApp;
    beforeAll(async () => {
      const shared = { redisUrl: redisUrl ?? null, redisPrefix: `uc-test:${randomUUID()}:` };
      a = await createIdentityApp(shared);
      b = await createIdentityApp(shared, { db: a.db });
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
  },
);
