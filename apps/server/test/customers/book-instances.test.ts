// The customer book on two instances sharing one PostgreSQL database and one Redis: what one instance changes, the
// other serves at its next read (its member snapshot is checked against the member's version, bumped in the change's
// transaction).
import { randomUUID } from 'node:crypto';
import {
  type AddCustomersAnswer,
  CUSTOMER_BOOK_API,
  type CustomerItem,
  HOME_API,
  type Page,
} from '@uc/shared';
import { afterAll, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
import { createMember, getData } from '../support/members.js';
import { describeWithRedis } from '../support/redis-suite.js';

describeWithRedis(
  'the customer book on two instances (TEST_DATABASE_URL, TEST_REDIS_URL)',
  (redisUrl) => {
    const apps: TestApp[] = [];
    afterAll(async () => {
      for (const app of apps.reverse()) await app.close();
    });

    it('a removal on A is gone on B at the next read, an addition on B shows on A', async () => {
      const shared = { redisUrl, redisPrefix: `uc-test:${randomUUID()}:`, rateLimitPerMinute: 0 };
      const a = await createTestApp(shared);
      apps.push(a);
      const b = await createTestApp({ ...shared, databaseUrl: a.config.databaseUrl });
      apps.push(b);
      const member = await createMember(a, 'bookpair');
      const search = await getData<{ list: { id: number }[] }>(
        a,
        member,
        `${CUSTOMER_BOOK_API.search}?q=${encodeURIComponent('科技')}&size=5`,
      );
      const companyIds = search.list.map((c) => c.id);
      expect(companyIds.length).toBe(5);
      const add = async (app: TestApp, ids: number[]) => {
        const res = await app.app.inject({
          method: 'POST',
          url: CUSTOMER_BOOK_API.add,
          headers: bearer(member.token),
          payload: { company_ids: ids },
        });
        return res.json<Envelope<AddCustomersAnswer>>().data;
      };
      const added = await add(a, companyIds.slice(0, 4));
      // A name filter reads the member snapshot: B loads it now.
      const names = async (app: TestApp) =>
        (
          await getData<Page<CustomerItem>>(
            app,
            member,
            `${HOME_API.customers}?name=${encodeURIComponent('公司')}&size=50`,
          )
        ).list
          .map((c) => c.id)
          .sort((x, y) => x - y);
      expect(await names(b)).toEqual(added.added.map((x) => x.customer_id).sort((x, y) => x - y));
      const gone = added.added[0]?.customer_id ?? 0;
      const removed = await a.app.inject({
        method: 'POST',
        url: CUSTOMER_BOOK_API.remove,
        headers: bearer(member.token),
        payload: { ids: [gone] },
      });
      expect(removed.statusCode).toBe(200);
      expect(await names(b)).not.toContain(gone);
      expect(await names(b)).toHaveLength(3);
      const more = await add(b, companyIds.slice(4));
      expect(await names(a)).toContain(more.added[0]?.customer_id);
    });
  },
  { postgresOnly: true },
);
