// The open API on two instances sharing one PostgreSQL database and one Redis: 200 concurrent calls spread over both
// with 150 calls left take exactly 150 (the balance ends at 0), and a key's per-second rate counts the calls of both.
import { randomUUID } from 'node:crypto';
import { API_KEYS_API, type ApiKeyCreated, DAY_MS, OPEN_API, OPEN_API_CODE } from '@uc/shared';
import { afterAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { post } from '../support/commerce.js';
import { createMember } from '../support/members.js';
import { describeWithRedis } from '../support/redis-suite.js';

describeWithRedis(
  'the open API on two instances (TEST_DATABASE_URL, TEST_REDIS_URL)',
  (redisUrl) => {
    const apps: TestApp[] = [];
    let clock = Date.now();
    const now = () => new Date(clock);
    afterAll(async () => {
      for (const app of apps.reverse()) await app.close();
    });

    /** Two instances on one database and one Redis, a key's calls per second as given. */
    async function pair(ratePerSecond: number): Promise<[TestApp, TestApp]> {
      const shared = {
        redisUrl,
        redisPrefix: `uc-test:${randomUUID()}:`,
        rateLimitPerMinute: 0,
        openApiRatePerSecond: ratePerSecond,
      };
      const a = await createTestApp(shared, { now });
      apps.push(a);
      const b = await createTestApp({ ...shared, databaseUrl: a.config.databaseUrl }, { now });
      apps.push(b);
      return [a, b];
    }

    async function keyWith(app: TestApp, calls: number, name: string) {
      const m = await createMember(app, name);
      await app.db
        .insertInto('api_quotas')
        .values({
          user_id: m.id,
          total: calls,
          used: 0,
          expired_at: new Date(clock + 30 * DAY_MS).toISOString(),
          updated_at: now().toISOString(),
        })
        .execute();
      const created = await post<ApiKeyCreated>(app, m.token, API_KEYS_API.keys, { name });
      return { key: created.body.data.key, userId: m.id };
    }

    const call = (app: TestApp, key: string) =>
      app.app.inject({ url: OPEN_API.policies, headers: { authorization: `Bearer ${key}` } });

    it('200 concurrent calls over 150 left, spread over both: exactly 150 succeed, the balance ends at 0', async () => {
      const [a, b] = await pair(1_000);
      const { key, userId } = await keyWith(a, 150, 'oapimany');
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => call(i % 2 ? a : b, key)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(150);
      expect(codes.filter((c) => c === 429)).toHaveLength(50);
      const quota = await b.db
        .selectFrom('api_quotas')
        .select(['total', 'used'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(quota).toEqual({ total: 150, used: 150 });
    });

    it("a key's calls per second count the calls of both instances", async () => {
      const [a, b] = await pair(3);
      const { key } = await keyWith(a, 100, 'oapirate2');
      clock += 1_000 - (clock % 1_000);
      const codes = [];
      for (const app of [a, b, a, b, a]) {
        const res = await call(app, key);
        codes.push(res.statusCode === 429 ? res.json().code : res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, OPEN_API_CODE.rateLimited, OPEN_API_CODE.rateLimited]);
    });
  },
  { postgresOnly: true },
);
