import { randomUUID } from 'node:crypto';
import { CODE } from '@uc/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { loginRequest } from '../support/login.js';
import { describeWithRedis } from '../support/redis-suite.js';

describeWithRedis('two instances sharing Redis (TEST_REDIS_URL)', (redisUrl) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Same Redis namespace, separate databases: only the counters are shared.
    const shared = {
      redisUrl,
      redisPrefix: `uc-test:${randomUUID()}:`,
      login: { maxFailsPerAccount: 3, maxPerIpPerMinute: 6 },
    };
    a = await createTestApp(shared);
    b = await createTestApp(shared);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('count login failures across instances', async () => {
    expect((await loginRequest(a.app, 'trialuser', 'Wrong12345')).json().code).toBe(CODE.badCredentials);
    expect((await loginRequest(b.app, 'trialuser', 'Wrong12345')).json().code).toBe(CODE.badCredentials);
    expect((await loginRequest(a.app, 'trialuser', 'Wrong12345')).json().code).toBe(CODE.accountLocked);
    expect((await loginRequest(b.app, 'trialuser', 'Trial12345')).json().code).toBe(CODE.accountLocked);
  });

  it('share the per-IP login limit', async () => {
    // Four attempts so far in this namespace; two more reach the limit of six.
    expect((await loginRequest(a.app, 'goldvip01', 'Gold12345')).statusCode).toBe(200);
    expect((await loginRequest(b.app, 'goldvip01', 'Gold12345')).statusCode).toBe(200);
    expect((await loginRequest(a.app, 'goldvip01', 'Gold12345')).statusCode).toBe(503);
    expect((await loginRequest(b.app, 'goldvip01', 'Gold12345')).statusCode).toBe(503);
  });
});
