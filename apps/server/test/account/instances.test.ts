// Sessions ended by the account calls on one instance reach the session cache of another at once (Redis pub/sub).
import { randomUUID } from 'node:crypto';
import { ACCOUNT_API, CODE, fillPath, MSG } from '@uc/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/account.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { hashed, login, loginRequest } from '../support/login.js';
import { describeWithRedis } from '../support/redis-suite.js';

describeWithRedis('account calls across two instances sharing Redis and the database', (redisUrl) => {
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

  const cachedOnA = async (token: string) => (await call(a.app, 'GET', ACCOUNT_API.security, token)).body;

  it('a sub-account disabled, reset or deleted on B answers 30001 on A without the cache wait', async () => {
    const main = await login(b.app, 'demouser');
    const added = await call<{ id: number }>(b.app, 'POST', ACCOUNT_API.users, main, {
      username: 'farsub01',
      password: hashed('Far123456'),
      name: '远端',
      mobile: '13800138000',
    });
    const id = added.body.data.id;
    const signIn = async (password: string) =>
      (await loginRequest(a.app, 'farsub01', password)).json().data.token;

    let token = await signIn('Far123456');
    expect((await cachedOnA(token)).code).toBe(200);
    await call(b.app, 'PUT', fillPath(ACCOUNT_API.user, id), main, { enabled: false });
    await expect
      .poll(async () => (await cachedOnA(token)).message, { timeout: 1_000, interval: 10 })
      .toBe(MSG.accountDisabled);
    await call(b.app, 'PUT', fillPath(ACCOUNT_API.user, id), main, { enabled: true });

    token = await signIn('Far123456');
    expect((await cachedOnA(token)).code).toBe(200);
    const reset = await call<{ password: string }>(
      b.app,
      'POST',
      fillPath(ACCOUNT_API.resetPassword, id),
      main,
    );
    await expect
      .poll(async () => (await cachedOnA(token)).message, { timeout: 1_000, interval: 10 })
      .toBe(MSG.passwordChangedPush);

    token = await signIn(reset.body.data.password);
    expect((await cachedOnA(token)).code).toBe(200);
    await call(b.app, 'DELETE', fillPath(ACCOUNT_API.user, id), main);
    await expect
      .poll(async () => (await cachedOnA(token)).code, { timeout: 1_000, interval: 10 })
      .toBe(CODE.loggedInElsewhere);
  });
});
