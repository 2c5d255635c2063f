// Membership payments through the real WeChat Pay and Alipay providers against the local fake gateways: the whole
// order flow per channel, concurrent and retried notifications credited once, refused notifications, a lost
// notification found by the status poll, and one order paid on both channels.
import { COMMERCE_API, type OrderCreated, PAY_TYPE } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  GATEWAY_BASE_URL,
  type Gateways,
  loginAs,
  memberRow,
  orderRow,
  pay,
  payStatus,
  setPlan,
  startGateways,
} from '../support/commerce.js';
import type { FakeAlipayTrade } from '../support/fake-alipay.js';
import type { FakeWechatTrade } from '../support/fake-wechatpay.js';
import { decodeToken } from '../support/login.js';

/** VIP高级版: level 21, ¥6,980 for 12 months. */
const GID = 12;
const LEVEL = 21;
const PRICE_FEN = 698_000;
const BUYER = 'trialuser';
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const WECHAT_FAIL = { code: 'FAIL', message: '失败' };

let clock: Clock;
let gw: Gateways;
let t: TestApp;
let token: string;
let buyerId: number;

beforeAll(async () => {
  clock = createClock();
  gw = await startGateways(clock);
  t = await createGatewayApp(gw, clock);
  token = await loginAs(t, BUYER);
});
afterAll(async () => {
  await t?.close();
  await gw?.close();
});

/** The buyer without a plan (level 10, no plan id, no expiry): a purchase starts the plan at the credit. */
async function freshBuyer(): Promise<void> {
  buyerId = await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
}

/** China time as WeChat Pay writes it (RFC 3339, +08:00) and as Alipay does ('yyyy-MM-dd HH:mm:ss'). */
const chinaRfc3339 = (iso: string) =>
  `${new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 19)}+08:00`;
const chinaDateTime = (iso: string) =>
  new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

/** 12 months after `at` (what one unit of a plan adds from the credit time). */
function yearAfter(at: Date): string {
  const date = new Date(at);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
}

const wechatNotify = (n: { headers: Record<string, string>; body: string }) =>
  deliver(t, COMMERCE_API.notifyWechat, n);
const alipayNotify = (n: { headers: Record<string, string>; body: string }) =>
  deliver(t, COMMERCE_API.notifyAlipay, n);

async function newOrder(): Promise<OrderCreated> {
  const order = await createOrder(t, token, GID);
  expect(order.price).toBe(PRICE_FEN / 100);
  return order;
}

async function qrOn(channel: 'wechat' | 'alipay', order: OrderCreated): Promise<string> {
  const qr = await pay(t, token, order, { pay_type: PAY_TYPE[channel] });
  return qr.orderid;
}

/** The member and the audit rows after exactly one credit of the order at `creditedAt`. */
async function expectCreditedOnce(order: OrderCreated, provider: string, creditedAt: Date): Promise<void> {
  const row = await orderRow(t, order.out_trade_no);
  expect(row.status).toBe('paid');
  const expiry = yearAfter(creditedAt);
  expect(await memberRow(t, BUYER)).toMatchObject({ level: LEVEL, gid: GID, expired_at: expiry });
  const changes = (await changesOf(t, buyerId)).filter((c) => c.order_id === row.id);
  expect(changes).toHaveLength(1);
  expect(changes[0]).toMatchObject({
    gid_before: null,
    gid_after: GID,
    level_before: 10,
    level_after: LEVEL,
    expiry_before: null,
    expiry_after: expiry,
    provider,
  });
}

/** The buyer's plan is untouched and the order still waits for its payment. */
async function expectNotCredited(order: OrderCreated): Promise<void> {
  const row = await orderRow(t, order.out_trade_no);
  expect(row.status).toBe('paying');
  expect(await memberRow(t, BUYER)).toMatchObject({ level: 10, gid: null, expired_at: null });
  expect((await changesOf(t, buyerId)).filter((c) => c.order_id === row.id)).toHaveLength(0);
}

async function lastEventId(): Promise<number> {
  const row = await t.db
    .selectFrom('payment_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

const eventsAfter = (id: number) =>
  t.db.selectFrom('payment_events').selectAll().where('id', '>', id).orderBy('id').execute();

describe('one order, end to end', () => {
  it('WeChat Pay: Native order at the gateway, signed notification 204, one credit, a token with the new level', async () => {
    await freshBuyer();
    const order = await newOrder();
    const calls = gw.wx.calls.length;
    const qr = await pay(t, token, order, { pay_type: PAY_TYPE.wechat });
    expect(qr.orderid).toBe(`${order.out_trade_no}001`);
    const trade = gw.wx.trades.get(qr.orderid);
    expect(qr.url).toBe(trade?.codeUrl);
    expect(trade).toMatchObject({
      amountFen: PRICE_FEN,
      description: 'VIP高级版 × 1年',
      timeExpire: chinaRfc3339(order.late_time),
      notifyUrl: `${GATEWAY_BASE_URL}${COMMERCE_API.notifyWechat}`,
      state: 'NOTPAY',
    });
    expect(gw.wx.calls.slice(calls)).toEqual(['POST /v3/pay/transactions/native']);
    expect(await payStatus(t, token, order.out_trade_no)).toEqual({
      status: false,
      order_status: 'paying',
      token: null,
    });

    const notification = gw.wx.notification(qr.orderid);
    const creditedAt = clock.now();
    const res = await wechatNotify(notification);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await expectCreditedOnce(order, 'wechat', creditedAt);
    const attempt = await attemptRow(t, qr.orderid);
    expect(attempt).toMatchObject({
      status: 'paid',
      provider: 'wechat',
      provider_txn_id: gw.wx.trades.get(qr.orderid)?.transactionId,
    });
    expect(await orderRow(t, order.out_trade_no)).toMatchObject({
      channel: 'wechat',
      paid_attempt_id: attempt.id,
      paid_late: 0,
      duplicate_paid: 0,
    });
    const events = await eventsOfTrade(t, qr.orderid);
    expect(events.map((e) => [e.provider, e.kind, e.verified, e.outcome, e.amount_fen])).toEqual([
      ['wechat', 'notification', 1, 'credited', PRICE_FEN],
    ]);
    expect(events[0]?.event_id).toBe(JSON.parse(notification.body).id);

    const status = await payStatus(t, token, order.out_trade_no);
    expect(status).toMatchObject({ status: true, order_status: 'paid' });
    const payload = decodeToken(status.token ?? '');
    expect(payload).toMatchObject({ level: LEVEL, jti: decodeToken(token).jti, exp: decodeToken(token).exp });
    // Neither the notification nor the poll of a paid order asked the gateway anything more.
    expect(gw.wx.calls.slice(calls)).toEqual(['POST /v3/pay/transactions/native']);
  });

  it('Alipay: precreate at the gateway, form notification answered success, one credit, a token with the new level', async () => {
    await freshBuyer();
    const order = await newOrder();
    const calls = gw.ali.calls.length;
    const qr = await pay(t, token, order, { pay_type: PAY_TYPE.alipay });
    expect(qr.orderid).toBe(`${order.out_trade_no}001`);
    const trade = gw.ali.trades.get(qr.orderid);
    expect(qr.url).toBe(trade?.qrCode);
    expect(trade).toMatchObject({
      amountFen: PRICE_FEN,
      subject: 'VIP高级版 × 1年',
      timeExpire: chinaDateTime(order.late_time),
      notifyUrl: `${GATEWAY_BASE_URL}${COMMERCE_API.notifyAlipay}`,
      status: 'WAIT_BUYER_PAY',
    });
    expect(gw.ali.calls.slice(calls)).toEqual(['alipay.trade.precreate']);
    expect(JSON.parse(gw.ali.requests.at(-1)?.biz_content ?? '{}')).toMatchObject({
      out_trade_no: qr.orderid,
      total_amount: '6980.00',
    });
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(false);

    const notification = gw.ali.notification(qr.orderid);
    expect(notification.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const creditedAt = clock.now();
    const res = await alipayNotify(notification);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    await expectCreditedOnce(order, 'alipay', creditedAt);
    expect(await attemptRow(t, qr.orderid)).toMatchObject({
      status: 'paid',
      provider: 'alipay',
      provider_txn_id: gw.ali.trades.get(qr.orderid)?.tradeNo,
    });
    expect(await orderRow(t, order.out_trade_no)).toMatchObject({ channel: 'alipay', paid_late: 0 });
    const events = await eventsOfTrade(t, qr.orderid);
    expect(events.map((e) => [e.provider, e.kind, e.verified, e.outcome, e.amount_fen, e.event_id])).toEqual([
      [
        'alipay',
        'notification',
        1,
        'credited',
        PRICE_FEN,
        new URLSearchParams(notification.body).get('notify_id'),
      ],
    ]);

    const status = await payStatus(t, token, order.out_trade_no);
    expect(status).toMatchObject({ status: true, order_status: 'paid' });
    expect(decodeToken(status.token ?? '')).toMatchObject({ level: LEVEL, jti: decodeToken(token).jti });
    expect(gw.ali.calls.slice(calls)).toEqual(['alipay.trade.precreate']);
  });
});

describe('concurrent duplicates', () => {
  it('200 simultaneous deliveries of one WeChat notification: all 204, one credit, one event', async () => {
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('wechat', order);
    const notification = gw.wx.notification(no);
    const creditedAt = clock.now();
    const answers = await Promise.all(Array.from({ length: 200 }, () => wechatNotify(notification)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(200).fill(204));
    await expectCreditedOnce(order, 'wechat', creditedAt);
    expect((await eventsOfTrade(t, no)).map((e) => e.outcome)).toEqual(['credited']);
  });

  it('50 simultaneous deliveries of one Alipay notification: all success, one credit, one event', async () => {
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('alipay', order);
    const notification = gw.ali.notification(no);
    const creditedAt = clock.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => alipayNotify(notification)));
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(Array(50).fill([200, 'success']));
    await expectCreditedOnce(order, 'alipay', creditedAt);
    expect((await eventsOfTrade(t, no)).map((e) => e.outcome)).toEqual(['credited']);
  });
});

describe('refused notifications', () => {
  const wechatRefusals: [string, Parameters<Gateways['wx']['notification']>[1], string][] = [
    ['a wrong signature', { badSignature: true }, 'bad signature'],
    ['another serial', { serial: 'PUB_KEY_ID_0119000001092025ffffffff' }, 'unknown serial'],
    ['a timestamp 301 s old', { timestamp: -301 }, 'stale timestamp'],
    ['a timestamp 301 s ahead', { timestamp: 301 }, 'stale timestamp'],
    ['another mchid', { mchid: '1900000999' }, 'mchid mismatch'],
    ['another appid', { appid: 'wx0000000000000000' }, 'appid mismatch'],
    ['a resource encrypted with another key', { wrongKey: true }, 'cannot decrypt resource'],
  ];

  it.each(wechatRefusals)(
    'WeChat Pay: %s is answered 400 FAIL, recorded, not credited',
    async (_name, overrides, reason) => {
      await freshBuyer();
      const order = await newOrder();
      const no = await qrOn('wechat', order);
      const before = await lastEventId();
      const at = Math.floor(clock.now().getTime() / 1000);
      const broken = {
        ...overrides,
        ...(overrides?.timestamp === undefined ? {} : { timestamp: at + overrides.timestamp }),
      };
      const res = await wechatNotify(gw.wx.notification(no, broken));
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual(WECHAT_FAIL);
      await expectNotCredited(order);
      const events = await eventsAfter(before);
      expect(events.map((e) => [e.provider, e.verified, e.outcome, e.order_id, e.trade_no])).toEqual([
        ['wechat', 0, 'rejected', null, null],
      ]);
      expect(events[0]?.reason).toContain(reason);

      // The genuine notification still credits.
      const creditedAt = clock.now();
      expect((await wechatNotify(gw.wx.notification(no))).statusCode).toBe(204);
      await expectCreditedOnce(order, 'wechat', creditedAt);
    },
  );

  it('WeChat Pay: a timestamp exactly 300 s old is still accepted', async () => {
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('wechat', order);
    // On a whole second, so the notification is exactly 300 s old.
    clock.advance(SECOND - (clock.now().getTime() % SECOND));
    const at = clock.now().getTime() / 1000;
    const creditedAt = clock.now();
    expect((await wechatNotify(gw.wx.notification(no, { timestamp: at - 300 }))).statusCode).toBe(204);
    await expectCreditedOnce(order, 'wechat', creditedAt);
  });

  it('WeChat Pay: a changed amount is acknowledged and recorded as amount_mismatch, not credited', async () => {
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('wechat', order);
    const res = await wechatNotify(gw.wx.notification(no, { amountFen: 1 }));
    expect(res.statusCode).toBe(204);
    await expectNotCredited(order);
    const row = await orderRow(t, order.out_trade_no);
    expect(
      (await eventsOfTrade(t, no)).map((e) => [e.verified, e.outcome, e.amount_fen, e.order_id]),
    ).toEqual([[1, 'amount_mismatch', 1, row.id]]);
    expect(await attemptRow(t, no)).toMatchObject({ status: 'open', provider_txn_id: null });
  });

  it('WeChat Pay: a trade this server never issued is acknowledged and recorded as unknown_trade', async () => {
    await freshBuyer();
    const unknown = '20990101123456789012001';
    const trade: FakeWechatTrade = {
      outTradeNo: unknown,
      description: 'VIP高级版 × 1年',
      amountFen: PRICE_FEN,
      timeExpire: chinaRfc3339(clock.now().toISOString()),
      notifyUrl: `${GATEWAY_BASE_URL}${COMMERCE_API.notifyWechat}`,
      codeUrl: 'weixin://wxpay/bizpayurl?pr=unknown',
      state: 'NOTPAY',
      transactionId: null,
      successTime: null,
    };
    gw.wx.trades.set(unknown, trade);
    const changes = (await changesOf(t, buyerId)).length;
    const res = await wechatNotify(gw.wx.notification(unknown));
    expect(res.statusCode).toBe(204);
    expect((await eventsOfTrade(t, unknown)).map((e) => [e.verified, e.outcome, e.order_id])).toEqual([
      [1, 'unknown_trade', null],
    ]);
    expect(await changesOf(t, buyerId)).toHaveLength(changes);
    expect(await memberRow(t, BUYER)).toMatchObject({ level: 10, gid: null });
  });

  it('WeChat Pay: a notification that is not a payment is acknowledged and credits nothing', async () => {
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('wechat', order);
    expect((await wechatNotify(gw.wx.notification(no, { tradeState: 'PAYERROR' }))).statusCode).toBe(204);
    await expectNotCredited(order);
    expect((await eventsOfTrade(t, no)).map((e) => e.outcome)).toEqual(['not_paid']);
  });

  const alipayRefusals: [string, Parameters<Gateways['ali']['notification']>[1], string][] = [
    ['a wrong signature', { badSignature: true }, 'bad signature'],
    ['another app_id', { appId: '2021000000009999' }, 'app_id mismatch'],
    ['an amount with three decimals', { totalAmount: '6980.001' }, 'bad total_amount'],
  ];

  it.each(alipayRefusals)(
    'Alipay: %s is answered fail, recorded, not credited',
    async (_name, overrides, reason) => {
      await freshBuyer();
      const order = await newOrder();
      const no = await qrOn('alipay', order);
      const before = await lastEventId();
      const res = await alipayNotify(gw.ali.notification(no, overrides));
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('fail');
      await expectNotCredited(order);
      const events = await eventsAfter(before);
      expect(events.map((e) => [e.provider, e.verified, e.outcome, e.order_id])).toEqual([
        ['alipay', 0, 'rejected', null],
      ]);
      expect(events[0]?.reason).toBe(reason);

      const creditedAt = clock.now();
      expect((await alipayNotify(gw.ali.notification(no))).body).toBe('success');
      await expectCreditedOnce(order, 'alipay', creditedAt);
    },
  );

  it('Alipay: an amount changed after signing is a wrong signature', async () => {
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('alipay', order);
    const genuine = gw.ali.notification(no);
    const forged = genuine.body.replaceAll('6980.00', '0.01');
    expect(forged).not.toBe(genuine.body);
    const res = await alipayNotify({ headers: genuine.headers, body: forged });
    expect([res.statusCode, res.body]).toEqual([400, 'fail']);
    await expectNotCredited(order);
  });

  it('Alipay: a changed amount is acknowledged and recorded as amount_mismatch, not credited', async () => {
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('alipay', order);
    const res = await alipayNotify(gw.ali.notification(no, { amountFen: PRICE_FEN - 1 }));
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    await expectNotCredited(order);
    expect((await eventsOfTrade(t, no)).map((e) => [e.verified, e.outcome, e.amount_fen])).toEqual([
      [1, 'amount_mismatch', PRICE_FEN - 1],
    ]);
  });

  it('Alipay: a trade this server never issued is acknowledged and recorded as unknown_trade', async () => {
    await freshBuyer();
    const unknown = '20990101123456789012002';
    const trade: FakeAlipayTrade = {
      outTradeNo: unknown,
      subject: 'VIP高级版 × 1年',
      amountFen: PRICE_FEN,
      timeExpire: chinaDateTime(clock.now().toISOString()),
      notifyUrl: `${GATEWAY_BASE_URL}${COMMERCE_API.notifyAlipay}`,
      qrCode: 'https://qr.alipay.com/unknown',
      scanned: false,
      status: 'WAIT_BUYER_PAY',
      tradeNo: null,
      paidAt: null,
    };
    gw.ali.trades.set(unknown, trade);
    const changes = (await changesOf(t, buyerId)).length;
    const res = await alipayNotify(gw.ali.notification(unknown));
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect((await eventsOfTrade(t, unknown)).map((e) => [e.verified, e.outcome, e.order_id])).toEqual([
      [1, 'unknown_trade', null],
    ]);
    expect(await changesOf(t, buyerId)).toHaveLength(changes);
  });

  it('Alipay: WAIT_BUYER_PAY is acknowledged and credits nothing', async () => {
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('alipay', order);
    const res = await alipayNotify(gw.ali.notification(no, { tradeStatus: 'WAIT_BUYER_PAY' }));
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    await expectNotCredited(order);
    expect((await eventsOfTrade(t, no)).map((e) => e.outcome)).toEqual(['not_paid']);
  });
});

describe('a lost notification, found by the status poll', () => {
  /** A poll, the provider query it may have queued, and the poll that sees its outcome. */
  async function pollUntilQueried(outTradeNo: string) {
    await payStatus(t, token, outTradeNo);
    await t.app.commerce.queriesSettled();
    return payStatus(t, token, outTradeNo);
  }

  it('WeChat Pay: asked 10 s after the QR, the paid trade is credited once', async () => {
    await freshBuyer();
    const order = await newOrder();
    const calls = gw.wx.calls.length;
    const no = await qrOn('wechat', order);
    const paid = gw.wx.pay(no); // paid at the gateway; its notification never arrives
    const paidAt = clock.now();
    clock.advance(QUERY_INTERVAL_MS - 1);
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(false);
    await t.app.commerce.queriesSettled();
    expect(gw.wx.calls.slice(calls)).toEqual(['POST /v3/pay/transactions/native']);
    clock.advance(1);
    const status = await pollUntilQueried(order.out_trade_no);
    expect(status).toMatchObject({ status: true, order_status: 'paid' });
    expect(decodeToken(status.token ?? '').level).toBe(LEVEL);
    expect(gw.wx.calls.slice(calls)).toEqual([
      'POST /v3/pay/transactions/native',
      `GET /v3/pay/transactions/out-trade-no/${no}`,
    ]);
    await expectCreditedOnce(order, 'wechat', clock.now());
    expect(await orderRow(t, order.out_trade_no)).toMatchObject({ paid_late: 0 });
    expect((await eventsOfTrade(t, no)).map((e) => [e.kind, e.outcome, e.event_id])).toEqual([
      ['query', 'credited', `query:${paid.transactionId}`],
    ]);
    expect(paid.successTime).toBe(chinaRfc3339(paidAt.toISOString()));

    // The notification turns up after all: acknowledged, nothing credited again.
    expect((await wechatNotify(gw.wx.notification(no))).statusCode).toBe(204);
    await expectCreditedOnce(order, 'wechat', new Date(clock.now()));
    expect((await eventsOfTrade(t, no)).map((e) => e.outcome)).toEqual(['credited', 'already_credited']);
  });

  it('the poll answers at once while the provider’s query hangs; the query credits when it returns', async () => {
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('wechat', order);
    gw.wx.pay(no);
    const release = gw.wx.holdQueries();
    clock.advance(QUERY_INTERVAL_MS);
    // Had the poll waited for the provider, these would never answer.
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(false);
    await expect.poll(() => gw.wx.calls.includes(`GET /v3/pay/transactions/out-trade-no/${no}`)).toBe(true);
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(false);
    release();
    await t.app.commerce.queriesSettled();
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(true);
    await expectCreditedOnce(order, 'wechat', clock.now());
  });

  it('Alipay: unknown at the gateway until scanned, then paid: credited once by the poll', async () => {
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('alipay', order);
    clock.advance(QUERY_INTERVAL_MS);
    expect((await pollUntilQueried(order.out_trade_no)).status).toBe(false);
    const paid = gw.ali.pay(no);
    clock.advance(QUERY_INTERVAL_MS - 1);
    expect((await pollUntilQueried(order.out_trade_no)).status).toBe(false);
    clock.advance(1);
    const status = await pollUntilQueried(order.out_trade_no);
    expect(status).toMatchObject({ status: true, order_status: 'paid' });
    expect(decodeToken(status.token ?? '').level).toBe(LEVEL);
    await expectCreditedOnce(order, 'alipay', clock.now());
    expect((await eventsOfTrade(t, no)).map((e) => [e.kind, e.outcome, e.event_id])).toEqual([
      ['query', 'not_found', null],
      ['query', 'credited', `query:${paid.tradeNo}`],
    ]);
    expect(gw.ali.calls.filter((c) => c === 'alipay.trade.query')).toHaveLength(2);
  });
});

describe('one order paid on both channels', () => {
  it('a new QR on Alipay closes the unpaid WeChat trade at the gateway', async () => {
    await freshBuyer();
    const order = await newOrder();
    const wechat = await qrOn('wechat', order);
    const alipay = await qrOn('alipay', order);
    expect(alipay).toBe(`${order.out_trade_no}002`);
    expect(gw.wx.trades.get(wechat)?.state).toBe('CLOSED');
    expect(await attemptRow(t, wechat)).toMatchObject({ status: 'closed' });
    expect(() => gw.wx.pay(wechat)).toThrow(/closed/);
  });

  it('WeChat paid before the Alipay QR was shown, then Alipay paid too: one credit, flagged duplicate_paid', async () => {
    await freshBuyer();
    const order = await newOrder();
    const wechat = await qrOn('wechat', order);
    gw.wx.pay(wechat); // paid while the page switched to Alipay: the gateway refuses to close it
    const alipay = await qrOn('alipay', order);
    expect(gw.wx.trades.get(wechat)?.state).toBe('SUCCESS');
    expect(await attemptRow(t, wechat)).toMatchObject({ status: 'open' });
    gw.ali.pay(alipay);

    const creditedAt = clock.now();
    expect((await wechatNotify(gw.wx.notification(wechat))).statusCode).toBe(204);
    const second = gw.ali.notification(alipay);
    const res = await alipayNotify(second);
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    // Its redelivery is recorded no more.
    const again = await alipayNotify(second);
    expect([again.statusCode, again.body]).toEqual([200, 'success']);
    await expectCreditedOnce(order, 'wechat', creditedAt);
    const row = await orderRow(t, order.out_trade_no);
    expect(row).toMatchObject({
      status: 'paid',
      channel: 'wechat',
      duplicate_paid: 1,
      paid_late: 0,
      paid_attempt_id: (await attemptRow(t, wechat)).id,
    });
    expect(await attemptRow(t, alipay)).toMatchObject({ status: 'paid' });
    const events = await t.db
      .selectFrom('payment_events')
      .select(['provider', 'outcome'])
      .where('order_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { provider: 'wechat', outcome: 'credited' },
      { provider: 'alipay', outcome: 'duplicate_payment' },
    ]);
  });
});

describe('retries on the gateways’ schedules', () => {
  /** WeChat Pay: a notification not acknowledged is sent again after these delays (24 h 4 min in all). */
  const WECHAT_RETRIES = [
    15 * SECOND,
    15 * SECOND,
    30 * SECOND,
    3 * MINUTE,
    10 * MINUTE,
    20 * MINUTE,
    30 * MINUTE,
    30 * MINUTE,
    30 * MINUTE,
    60 * MINUTE,
    3 * HOUR,
    3 * HOUR,
    3 * HOUR,
    6 * HOUR,
    6 * HOUR,
  ];
  /** Alipay: 8 deliveries over about 25 h. */
  const ALIPAY_RETRIES = [4 * MINUTE, 10 * MINUTE, 10 * MINUTE, HOUR, 2 * HOUR, 6 * HOUR, 15 * HOUR];

  it('WeChat Pay: the first delivery and 15 retries of one notification, each signed at its time: one credit', async () => {
    token = await loginAs(t, BUYER);
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('wechat', order);
    const id = 'retried-notification-0001';
    const creditedAt = clock.now();
    const answers = [(await wechatNotify(gw.wx.notification(no, { id }))).statusCode];
    for (const delay of WECHAT_RETRIES) {
      clock.advance(delay);
      answers.push((await wechatNotify(gw.wx.notification(no, { id }))).statusCode);
    }
    expect(answers).toEqual(Array(16).fill(204));
    await expectCreditedOnce(order, 'wechat', creditedAt);
    expect((await eventsOfTrade(t, no)).map((e) => [e.event_id, e.outcome])).toEqual([[id, 'credited']]);
  });

  it('WeChat Pay: the first five deliveries lost (14 min, past the pay-by time), fresh ids: one credit, flagged late', async () => {
    token = await loginAs(t, BUYER);
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('wechat', order);
    gw.wx.pay(no);
    let creditedAt: Date | null = null;
    const answers: number[] = [];
    for (const [index, delay] of [0, ...WECHAT_RETRIES].entries()) {
      clock.advance(delay);
      if (index < 5) continue;
      creditedAt ??= clock.now();
      answers.push((await wechatNotify(gw.wx.notification(no))).statusCode);
    }
    expect(answers).toEqual(Array(11).fill(204));
    await expectCreditedOnce(order, 'wechat', creditedAt ?? clock.now());
    expect(await orderRow(t, order.out_trade_no)).toMatchObject({ status: 'paid', paid_late: 1 });
    expect((await eventsOfTrade(t, no)).map((e) => e.outcome)).toEqual([
      'credited_late',
      ...Array(10).fill('already_credited'),
    ]);
  });

  it('Alipay: 8 deliveries of one notification over 25 h: all success, one credit', async () => {
    token = await loginAs(t, BUYER);
    await freshBuyer();
    const order = await newOrder();
    const no = await qrOn('alipay', order);
    const notifyId = '2026retriednotify0001';
    const creditedAt = clock.now();
    const answers = [(await alipayNotify(gw.ali.notification(no, { notifyId }))).body];
    for (const delay of ALIPAY_RETRIES) {
      clock.advance(delay);
      answers.push((await alipayNotify(gw.ali.notification(no, { notifyId }))).body);
    }
    expect(answers).toEqual(Array(8).fill('success'));
    await expectCreditedOnce(order, 'alipay', creditedAt);
    expect((await eventsOfTrade(t, no)).map((e) => [e.event_id, e.outcome])).toEqual([
      [notifyId, 'credited'],
    ]);
    // The member's session still learns the plan from the poll, a day later.
    token = await loginAs(t, BUYER);
    const status = await payStatus(t, token, order.out_trade_no);
    expect(status).toMatchObject({ status: true, order_status: 'paid' });
    expect(decodeToken(status.token ?? '').level).toBe(LEVEL);
  });
});
