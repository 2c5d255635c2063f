// Two app instances on one PostgreSQL database and one Redis, both with the real WeChat Pay and Alipay providers
// against the same fake gateways: the same notification delivered to both at once, the status poll's provider query
// elected across instances, and both channels' notifications racing on different instances.
import { randomUUID } from 'node:crypto';
import { COMMERCE_API, type OrderCreated, PAY_TYPE } from '@uc/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUERY_INTERVAL_MS } from '../../src/modules/commerce/query-worker.js';
import type { TestApp } from '../support/app.js';
import {
  attemptRow,
  type Clock,
  changesOf,
  createClock,
  createGatewayApp,
  createOrder,
  deliver,
  eventsOfTrade,
  type Gateways,
  loginAs,
  memberRow,
  orderRow,
  pay,
  payStatus,
  setPlan,
  startGateways,
} from '../support/commerce.js';
import { decodeToken } from '../support/login.js';
import { describeWithRedis } from '../support/redis-suite.js';

/** VIP高级版: level 21, ¥6,980 for 12 months. */
const GID = 12;
const LEVEL = 21;
const BUYER = 'trialuser';

describeWithRedis(
  'two instances on one PostgreSQL database and one Redis (TEST_DATABASE_URL, TEST_REDIS_URL)',
  (redisUrl) => {
    let clock: Clock;
    let gw: Gateways;
    let a: TestApp;
    let b: TestApp;
    let token: string;
    let buyerId: number;

    beforeAll(async () => {
      clock = createClock();
      gw = await startGateways(clock);
      const shared = { redisUrl, redisPrefix: `uc-test:${randomUUID()}:` };
      a = await createGatewayApp(gw, clock, shared);
      // Its own connection pool to A's database.
      b = await createGatewayApp(gw, clock, { ...shared, databaseUrl: a.config.databaseUrl });
      expect(b.config.databaseUrl).toBe(a.config.databaseUrl);
      expect(b.db).not.toBe(a.db);
      token = await loginAs(a, BUYER);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await gw?.close();
    });

    async function freshBuyer(): Promise<void> {
      buyerId = await setPlan(a, BUYER, { level: 10, gid: null, days: null }, clock.now());
    }

    async function newOrder(): Promise<OrderCreated> {
      const order = await createOrder(a, token, GID);
      expect(order.price).toBe(6980);
      return order;
    }

    /** One credit of the order: the plan for a year from the credit, one membership_changes row. */
    async function expectCreditedOnce(order: OrderCreated, provider: string, creditedAt: Date) {
      const row = await orderRow(a, order.out_trade_no);
      expect(row.status).toBe('paid');
      const expiry = new Date(creditedAt);
      expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
      expect(await memberRow(a, BUYER)).toMatchObject({
        level: LEVEL,
        gid: GID,
        expired_at: expiry.toISOString(),
      });
      const changes = (await changesOf(a, buyerId)).filter((c) => c.order_id === row.id);
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ level_before: 10, level_after: LEVEL, provider });
      return row;
    }

    it('the same WeChat notification, 50 times to each instance interleaved: all 204, one credit', async () => {
      await freshBuyer();
      const order = await newOrder();
      const qr = await pay(a, token, order, { pay_type: PAY_TYPE.wechat });
      const notification = gw.wx.notification(qr.orderid);
      const creditedAt = clock.now();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          deliver(i % 2 === 0 ? a : b, COMMERCE_API.notifyWechat, notification),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(204));
      await expectCreditedOnce(order, 'wechat', creditedAt);
      expect((await eventsOfTrade(a, qr.orderid)).map((e) => e.outcome)).toEqual(['credited']);

      // The other instance answers the poll of A's session with the new level.
      const status = await payStatus(b, token, order.out_trade_no);
      expect(status).toMatchObject({ status: true, order_status: 'paid' });
      expect(decodeToken(status.token ?? '')).toMatchObject({ level: LEVEL, jti: decodeToken(token).jti });
    });

    it('a lost notification polled on both instances at once: one provider query, one credit', async () => {
      await freshBuyer();
      const order = await newOrder();
      const qr = await pay(b, token, order, { pay_type: PAY_TYPE.wechat });
      gw.wx.pay(qr.orderid);
      const queried = `GET /v3/pay/transactions/out-trade-no/${qr.orderid}`;
      clock.advance(QUERY_INTERVAL_MS);
      const creditedAt = clock.now();
      const polls = await Promise.all(
        Array.from({ length: 20 }, (_, i) => payStatus(i % 2 === 0 ? a : b, token, order.out_trade_no)),
      );
      // Each poll answers at once from the order as it was; both instances queue a query, one wins the claim.
      expect(polls.every((p) => !p.status)).toBe(true);
      await Promise.all([a.app.commerce.queriesSettled(), b.app.commerce.queriesSettled()]);
      expect(gw.wx.calls.filter((c) => c === queried)).toHaveLength(1);
      await expectCreditedOnce(order, 'wechat', creditedAt);
      expect((await eventsOfTrade(a, qr.orderid)).map((e) => [e.kind, e.outcome])).toEqual([
        ['query', 'credited'],
      ]);
      expect((await payStatus(a, token, order.out_trade_no)).status).toBe(true);
    });

    it('WeChat and Alipay both paid, their notifications racing on different instances: one credit, flagged', async () => {
      await freshBuyer();
      const order = await newOrder();
      const wechat = (await pay(a, token, order, { pay_type: PAY_TYPE.wechat })).orderid;
      gw.wx.pay(wechat); // paid before the switch: the gateway refuses to close it
      const alipay = (await pay(b, token, order, { pay_type: PAY_TYPE.alipay })).orderid;
      gw.ali.pay(alipay);
      const wx = gw.wx.notification(wechat);
      const ali = gw.ali.notification(alipay);
      const creditedAt = clock.now();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? deliver(a, COMMERCE_API.notifyWechat, wx).then((r) => r.statusCode)
            : deliver(b, COMMERCE_API.notifyAlipay, ali).then((r) => r.body),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 204 : 'success')));
      const winner = (await orderRow(a, order.out_trade_no)).channel;
      expect(['wechat', 'alipay']).toContain(winner);
      const row = await expectCreditedOnce(order, winner ?? '', creditedAt);
      expect(row).toMatchObject({ duplicate_paid: 1, paid_late: 0 });
      expect(row.paid_attempt_id).toBe((await attemptRow(a, winner === 'wechat' ? wechat : alipay)).id);
      const events = await a.db
        .selectFrom('payment_events')
        .select(['provider', 'outcome'])
        .where('order_id', '=', row.id)
        .execute();
      // Which event row came first depends on the race, not on which payment won.
      expect(events.sort((x, y) => x.outcome.localeCompare(y.outcome))).toEqual([
        { provider: winner, outcome: 'credited' },
        { provider: winner === 'wechat' ? 'alipay' : 'wechat', outcome: 'duplicate_payment' },
      ]);
    });
  },
  { postgresOnly: true },
);
