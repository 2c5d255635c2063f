// A staff hold set on one instance ends the sub-accounts' sessions checked on another at once (two instances on one
// PostgreSQL database and one Redis): the revocation reaches the other instance's session cache and its sockets.
import { randomUUID } from 'node:crypto';
import { CODE, HOME_API, MSG, PUSH_CODE, STAFF_MEMBERS_API, staffIdPath } from '@uc/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer, decodeToken, login } from '../support/login.js';
import { connect, wsUrl } from '../support/push-socket.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { signInStaff } from '../support/staff.js';

describeWithRedis(
  'a staff hold across two instances sharing PostgreSQL and Redis',
  (redisUrl) => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const shared = { redisUrl, redisPrefix: `uc-test:${randomUUID()}:` };
      a = await createTestApp(shared);
      // Its own connection pool to A's database.
      b = await createTestApp({ ...shared, databaseUrl: a.config.databaseUrl });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    const readOnB = async (token: string) =>
      (
        await b.app.inject({ method: 'GET', url: HOME_API.customers, headers: bearer(token) })
      ).json<Envelope>();

    it('staff disable the main account on A: its sub-account’s session on B ends without the cache wait', async () => {
      const sub = await login(b.app, 'demosub01');
      const main = await login(b.app, 'demouser');
      const mainId = Number(decodeToken(main).user_id);
      // Checked once on B, so B holds it in its session cache.
      expect((await readOnB(sub)).code).toBe(200);
      const socket = await connect(b.app, wsUrl(mainId, sub));
      expect(await socket.next()).toMatchObject({ code: 0 });

      const { cookie } = await signInStaff(a, 'ops');
      const holdOnA = (path: string) =>
        a.app.inject({
          method: 'POST',
          url: staffIdPath(path, mainId),
          headers: { cookie },
          payload: { reason: '核查' },
        });
      expect((await holdOnA(STAFF_MEMBERS_API.disable)).statusCode).toBe(200);

      expect(await socket.next()).toEqual({
        code: PUSH_CODE.loggedInElsewhere,
        message: MSG.memberDisabledByStaff,
      });
      socket.ws.terminate();
      await expect
        .poll(async () => readOnB(sub), { timeout: 1_000, interval: 10 })
        .toEqual({ code: CODE.loggedInElsewhere, message: MSG.memberDisabledByStaff, data: null });

      expect((await holdOnA(STAFF_MEMBERS_API.enable)).statusCode).toBe(200);
      expect((await readOnB(sub)).message).toBe(MSG.memberDisabledByStaff);
      expect((await readOnB(await login(b.app, 'demosub01'))).code).toBe(200);
    });
  },
  { postgresOnly: true },
);
