// Refunds of paid orders through the real WeChat Pay and Alipay providers against the local fake gateways (their
// refund protocols, generated keys) and through the sandbox: whole refunds taking the membership back, the order
// 已退款 and its invoice 已红冲; partial refunds within what was paid; one refund notification delivered 20 times at
// once settled once; failed refunds retried; a lost notification settled by the refresh; money paid twice returned;
// whole refunds of a credit pack (its credits taken back) and of gift cards (the unredeemed ones voided), refused once
// a credit was spent or a card redeemed, given back when the refund fails.
import {
  CARDS_API,
  COMMERCE_API,
  type CreditPack,
  fillPath,
  type GiftCards,
  type GiftProduct,
  MSG,
  type OrderCreated,
  type OrderDetail,
  PAY_TYPE,
  TOOLS_API,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOrdersCli } from '../../src/modules/commerce/cli.js';
import { createToolsService } from '../../src/modules/tools/service.js';
import { createAlipayProvider } from '../../src/providers/payment/alipay.js';
import type { TestApp } from '../support/app.js';
import {
  attemptRow,
  type Clock,
  createClock,
  createGatewayApp,
  createOrder,
  createShopApp,
  deliver,
  GATEWAY_BASE_URL,
  type Gateways,
  get,
  loginAs,
  memberRow,
  notify,
  orderRow,
  pay,
  post,
  type ShopApp,
  setPlan,
  startGateways,
} from '../support/commerce.js';
import { createMember } from '../support/members.js';
import { testLauncher } from '../support/tools.js';

/** VIP高级版: level 21, ¥6,980 for 12 months. */
const GID = 12;
const LEVEL = 21;
const PRICE_FEN = 698_000;
const BUYER = 'trialuser';
const DAY_MS = 24 * 3_600_000;

let clock: Clock;
let gw: Gateways;
let t: TestApp;
let shop: ShopApp;
let token: string;
let shopToken: string;

beforeAll(async () => {
  clock = createClock();
  gw = await startGateways(clock);
  t = await createGatewayApp(gw, clock);
  token = await loginAs(t, BUYER);
  shop = await createShopApp();
  shopToken = await loginAs(shop, BUYER);
});
afterAll(async () => {
  await t?.close();
  await gw?.close();
  await shop?.close();
});

/** The buyer's 订单详情 of an order (GET /saastools/mytaocanorder/{id}). */
async function memberDetail(outTradeNo: string): Promise<OrderDetail> {
  const { status, body } = await get<OrderDetail>(t, token, fillPath(COMMERCE_API.orderDetail, outTradeNo));
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const refundRow = (app: TestApp, refundNo: string) =>
  app.db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirstOrThrow();

/**
 * A paid order of the buyer through a gateway channel (the plan's, or `opened`: a pack's or gift cards'); its
 * out_trade_no and the paying trade number.
 */
async function paidOn(
  channel: 'wechat' | 'alipay',
  opened?: OrderCreated,
): Promise<{ outTradeNo: string; tradeNo: string }> {
  const order = opened ?? (await createOrder(t, token, GID));
  const qr = await pay(t, token, order, { pay_type: PAY_TYPE[channel] });
  const notification =
    channel === 'wechat' ? gw.wx.notification(qr.orderid) : gw.ali.notification(qr.orderid);
  const url = channel === 'wechat' ? COMMERCE_API.notifyWechat : COMMERCE_API.notifyAlipay;
  const res = await deliver(t, url, notification);
  expect(res.statusCode).toBeLessThan(300);
  expect((await orderRow(t, order.out_trade_no)).status).toBe('paid');
  return { outTradeNo: order.out_trade_no, tradeNo: qr.orderid };
}

/** An issued invoice of the order (as `npm run invoices -- issue` leaves it). */
async function issuedInvoice(app: TestApp, outTradeNo: string): Promise<number> {
  const order = await orderRow(app, outTradeNo);
  const at = new Date().toISOString();
  const row = await app.db
    .insertInto('invoices')
    .values({
      user_id: order.user_id,
      order_id: order.id,
      invoice_type: 'normal',
      title_type: 'personal',
      title: '张三',
      tax_no: '',
      email: 'buyer@example.com',
      address: '',
      phone: '',
      bank: '',
      bank_account: '',
      amount_fen: order.final_fen,
      status: 'issued',
      number: '26310000000000000001',
      reason: null,
      pdf: null,
      created_at: at,
      issued_at: at,
      closed_at: null,
      notified_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const redLetters = (app: TestApp, invoiceId: number) =>
  app.db
    .selectFrom('invoice_red_letters')
    .select(['amount_fen', 'refund_id'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();

const invoiceStatus = async (app: TestApp, id: number) =>
  (await app.db.selectFrom('invoices').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

const refund = (app: TestApp, outTradeNo: string, amountFen: number, extra: { attemptId?: number } = {}) =>
  app.app.commerce.requestRefund({ outTradeNo, amountFen, reason: '客户申请退款', staffId: null, ...extra });

describe('WeChat Pay refunds', () => {
  it('a whole refund: applied at the gateway, settled by its notification; plan back, 已退款, invoice 已红冲', async () => {
    await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
    const { outTradeNo, tradeNo } = await paidOn('wechat');
    expect(await memberRow(t, BUYER)).toMatchObject({ level: LEVEL, gid: GID });
    const invoice = await issuedInvoice(t, outTradeNo);

    const asked = await refund(t, outTradeNo, PRICE_FEN);
    expect(asked).toMatchObject({
      status: 'pending',
      whole: 1,
      amount_fen: PRICE_FEN,
      refund_no: `${tradeNo}R01`,
    });
    const atGateway = gw.wx.refunds.get(asked.refund_no);
    expect(atGateway).toMatchObject({
      outTradeNo: tradeNo,
      amountFen: PRICE_FEN,
      totalFen: PRICE_FEN,
      reason: '客户申请退款',
      notifyUrl: `${GATEWAY_BASE_URL}${COMMERCE_API.notifyWechatRefund}`,
      status: 'PROCESSING',
    });
    expect(gw.wx.calls).toContain('POST /v3/refund/domestic/refunds');
    // Not settled yet: nothing changed.
    expect((await orderRow(t, outTradeNo)).status).toBe('paid');

    const res = await deliver(t, COMMERCE_API.notifyWechatRefund, gw.wx.refundNotification(asked.refund_no));
    expect(res.statusCode).toBe(204);
    expect(await refundRow(t, asked.refund_no)).toMatchObject({
      status: 'succeeded',
      provider_refund_id: atGateway?.refundId,
    });
    expect(await orderRow(t, outTradeNo)).toMatchObject({ status: 'refunded' });
    expect(await memberRow(t, BUYER)).toMatchObject({ level: 10, gid: null, expired_at: null });
    expect(await invoiceStatus(t, invoice)).toBe('reversed');
    expect((await attemptRow(t, tradeNo)).refunded_fen).toBe(PRICE_FEN);
    // Refunded whole: nothing more to refund.
    await expect(refund(t, outTradeNo, 1)).rejects.toMatchObject({ message: MSG.orderNotRefundable });
  });

  it('one refund notification delivered 20 times at once: all 204, one succeeded refund, the plan reversed once', async () => {
    // A running plan: the renewal adds a year to it, the refund takes exactly that year back.
    await setPlan(t, BUYER, { level: LEVEL, gid: GID, days: 100 }, clock.now());
    const before = (await memberRow(t, BUYER)).expired_at;
    const { outTradeNo } = await paidOn('wechat');
    expect((await memberRow(t, BUYER)).expired_at).not.toBe(before);

    const asked = await refund(t, outTradeNo, PRICE_FEN);
    const notification = gw.wx.refundNotification(asked.refund_no);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deliver(t, COMMERCE_API.notifyWechatRefund, notification)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    expect(await memberRow(t, BUYER)).toMatchObject({ level: LEVEL, gid: GID, expired_at: before });
    const order = await orderRow(t, outTradeNo);
    expect(order.status).toBe('refunded');
    const refunds = await t.app.commerce.refundsOf(order.id);
    expect(refunds.map((r) => r.status)).toEqual(['succeeded']);
    const events = await t.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('kind', '=', 'refund_notification')
      .where('trade_no', '=', asked.refund_no)
      .execute();
    expect(events).toEqual([{ outcome: 'refunded' }]);
  });

  it('a part refund leaves the plan alone and red-letters its part; the parts adding up to the total act as a whole refund', async () => {
    await setPlan(t, BUYER, { level: LEVEL, gid: GID, days: 100 }, clock.now());
    const before = (await memberRow(t, BUYER)).expired_at;
    const { outTradeNo, tradeNo } = await paidOn('wechat');
    const member = await memberRow(t, BUYER);
    const invoice = await issuedInvoice(t, outTradeNo);

    const first = await refund(t, outTradeNo, 100_000);
    expect(first).toMatchObject({ whole: 0, status: 'pending' });
    // The rest waits for the pending part: the whole is known when it settles.
    await expect(refund(t, outTradeNo, PRICE_FEN - 100_000)).rejects.toMatchObject({
      message: MSG.refundPendingBeforeRest,
    });
    await deliver(t, COMMERCE_API.notifyWechatRefund, gw.wx.refundNotification(first.refund_no));
    expect((await refundRow(t, first.refund_no)).status).toBe('succeeded');
    expect(await memberRow(t, BUYER)).toMatchObject({
      level: member.level,
      gid: member.gid,
      expired_at: member.expired_at,
    });
    expect((await orderRow(t, outTradeNo)).status).toBe('paid');
    expect(await invoiceStatus(t, invoice)).toBe('issued');
    expect(await redLetters(t, invoice)).toEqual([{ amount_fen: 100_000, refund_id: expect.any(Number) }]);
    // The member's 订单详情: the part refund, back to WeChat Pay, and what the payment still holds.
    const partly = await memberDetail(outTradeNo);
    expect(partly.refunds).toEqual([
      {
        amount: 1000,
        channel: 'wechat',
        by_bank: false,
        status: 'succeeded',
        whole: false,
        created_at: expect.any(String),
        settled_at: expect.any(String),
      },
    ]);
    expect(partly.kept).toBe((PRICE_FEN - 100_000) / 100);

    await expect(refund(t, outTradeNo, PRICE_FEN - 100_000 + 1)).rejects.toMatchObject({
      message: MSG.refundOverPaid,
    });
    const second = await refund(t, outTradeNo, PRICE_FEN - 100_000);
    expect(second).toMatchObject({ refund_no: `${tradeNo}R02`, whole: 1 });
    await expect(refund(t, outTradeNo, 1)).rejects.toMatchObject({ message: MSG.refundOverPaid });
    await deliver(t, COMMERCE_API.notifyWechatRefund, gw.wx.refundNotification(second.refund_no));
    expect((await attemptRow(t, tradeNo)).refunded_fen).toBe(PRICE_FEN);
    // As a whole refund: the year taken back, the order 已退款, the rest of the invoice red-lettered, 已红冲.
    expect(await memberRow(t, BUYER)).toMatchObject({ level: LEVEL, gid: GID, expired_at: before });
    expect((await orderRow(t, outTradeNo)).status).toBe('refunded');
    expect(await invoiceStatus(t, invoice)).toBe('reversed');
    expect((await redLetters(t, invoice)).map((r) => r.amount_fen)).toEqual([100_000, PRICE_FEN - 100_000]);
    const whole = await memberDetail(outTradeNo);
    expect(whole.refunds.map((r) => [r.amount, r.status, r.whole])).toEqual([
      [1000, 'succeeded', false],
      [(PRICE_FEN - 100_000) / 100, 'succeeded', true],
    ]);
    expect(whole.kept).toBe(0);
  });

  it('a refused refund and an abnormal one release their amount; the retry succeeds', async () => {
    await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
    const { outTradeNo, tradeNo } = await paidOn('wechat');

    gw.wx.refundAnswer = { error: { status: 403, code: 'NOT_ENOUGH' } };
    const refused = await refund(t, outTradeNo, PRICE_FEN);
    expect(refused.status).toBe('failed');
    expect((await attemptRow(t, tradeNo)).refunded_fen).toBe(0);

    gw.wx.refundAnswer = { status: 'PROCESSING' };
    const abnormal = await refund(t, outTradeNo, PRICE_FEN);
    const res = await deliver(
      t,
      COMMERCE_API.notifyWechatRefund,
      gw.wx.refundNotification(abnormal.refund_no, 'ABNORMAL'),
    );
    expect(res.statusCode).toBe(204);
    expect((await refundRow(t, abnormal.refund_no)).status).toBe('failed');
    expect((await attemptRow(t, tradeNo)).refunded_fen).toBe(0);
    expect((await orderRow(t, outTradeNo)).status).toBe('paid');

    gw.wx.refundAnswer = { status: 'SUCCESS' };
    try {
      const retried = await refund(t, outTradeNo, PRICE_FEN);
      expect(retried).toMatchObject({ status: 'succeeded', refund_no: `${tradeNo}R03` });
    } finally {
      gw.wx.refundAnswer = { status: 'PROCESSING' };
    }
    expect((await orderRow(t, outTradeNo)).status).toBe('refunded');
    expect(await memberRow(t, BUYER)).toMatchObject({ level: 10, gid: null });
  });

  it('a lost refund notification: the refresh asks the gateway and settles it', async () => {
    await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
    const { outTradeNo } = await paidOn('wechat');
    const asked = await refund(t, outTradeNo, PRICE_FEN);
    const atGateway = gw.wx.refunds.get(asked.refund_no);
    if (atGateway) atGateway.status = 'SUCCESS';
    // Too recent to be asked about.
    expect(await t.app.commerce.refreshRefunds()).toBe(0);
    clock.advance(11_000);
    expect(await t.app.commerce.refreshRefunds()).toBe(1);
    expect(gw.wx.calls).toContain(`GET /v3/refund/domestic/refunds/${asked.refund_no}`);
    expect((await refundRow(t, asked.refund_no)).status).toBe('succeeded');
    expect((await orderRow(t, outTradeNo)).status).toBe('refunded');
  });

  it('a refund notification with a bad signature is refused (400) and settles nothing', async () => {
    await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
    const { outTradeNo } = await paidOn('wechat');
    const asked = await refund(t, outTradeNo, 50_000);
    const bad = gw.wx.refundNotification(asked.refund_no, 'SUCCESS', { badSignature: true });
    expect((await deliver(t, COMMERCE_API.notifyWechatRefund, bad)).statusCode).toBe(400);
    const changed = gw.wx.refundNotification(asked.refund_no, 'SUCCESS', { amountFen: 60_000 });
    expect((await deliver(t, COMMERCE_API.notifyWechatRefund, changed)).statusCode).toBe(204);
    expect((await refundRow(t, asked.refund_no)).status).toBe('pending');
  });
});

describe('Alipay refunds', () => {
  it('a whole refund answered at once (fund_change Y): plan back, 已退款', async () => {
    await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
    const { outTradeNo, tradeNo } = await paidOn('alipay');
    const asked = await refund(t, outTradeNo, PRICE_FEN);
    expect(asked).toMatchObject({ status: 'succeeded', whole: 1 });
    expect(gw.ali.refunds.get(`${tradeNo}|${asked.refund_no}`)).toMatchObject({
      amountFen: PRICE_FEN,
      reason: '客户申请退款',
    });
    expect(await orderRow(t, outTradeNo)).toMatchObject({ status: 'refunded' });
    expect(await memberRow(t, BUYER)).toMatchObject({ level: 10, gid: null, expired_at: null });
    // The trade notification Alipay sends after a refund (refund fields, TRADE_CLOSED) changes nothing.
    const after = gw.ali.notification(tradeNo, {
      tradeStatus: 'TRADE_CLOSED',
      extra: { refund_fee: '6980.00', gmt_refund: '2026-11-27 10:00:00.000', out_biz_no: asked.refund_no },
    });
    const res = await deliver(t, COMMERCE_API.notifyAlipay, after);
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect(await memberRow(t, BUYER)).toMatchObject({ level: 10, gid: null });
  });

  it('an unknown answer (system error) stays pending; the query finds nothing, it fails and is retried', async () => {
    await setPlan(t, BUYER, { level: LEVEL, gid: GID, days: 100 }, clock.now());
    const { outTradeNo } = await paidOn('alipay');
    gw.ali.refundRefusal = 'ACQ.SYSTEM_ERROR';
    let asked: Awaited<ReturnType<typeof refund>>;
    try {
      asked = await refund(t, outTradeNo, 200_000);
    } finally {
      gw.ali.refundRefusal = null;
    }
    expect(asked.status).toBe('pending');
    clock.advance(11_000);
    await t.app.commerce.refreshRefunds();
    expect(gw.ali.calls).toContain('alipay.trade.fastpay.refund.query');
    expect((await refundRow(t, asked.refund_no)).status).toBe('failed');
    const retried = await refund(t, outTradeNo, 698_000);
    expect(retried.status).toBe('succeeded');
  });

  it('the same out_request_no asked again answers fund_change N: the refund query confirms it', async () => {
    await setPlan(t, BUYER, { level: LEVEL, gid: GID, days: 100 }, clock.now());
    const { tradeNo } = await paidOn('alipay');
    const provider = createAlipayProvider({ config: gw.ali.config });
    const input = {
      refundNo: `${tradeNo}R09`,
      tradeNo,
      totalFen: PRICE_FEN,
      amountFen: 1_000,
      reason: '重复申请',
      notifyUrl: '',
    };
    expect(await provider.refund(input)).toMatchObject({ state: 'succeeded', amountFen: 1_000 });
    const calls = gw.ali.calls.length;
    expect(await provider.refund(input)).toMatchObject({ state: 'succeeded', amountFen: 1_000 });
    expect(gw.ali.calls.slice(calls)).toEqual(['alipay.trade.refund', 'alipay.trade.fastpay.refund.query']);
    expect([...gw.ali.refunds.values()].filter((r) => r.outTradeNo === tradeNo)).toHaveLength(1);
    expect((await provider.queryRefund(`${tradeNo}R10`, tradeNo)).state).toBe('not_found');
  });

  it('a business refusal fails the refund at once and frees its amount', async () => {
    await setPlan(t, BUYER, { level: LEVEL, gid: GID, days: 100 }, clock.now());
    const { outTradeNo, tradeNo } = await paidOn('alipay');
    gw.ali.refundRefusal = 'ACQ.TRADE_NOT_ALLOW_REFUND';
    try {
      expect((await refund(t, outTradeNo, 100)).status).toBe('failed');
    } finally {
      gw.ali.refundRefusal = null;
    }
    expect((await attemptRow(t, tradeNo)).refunded_fen).toBe(0);
  });

  it('20 refreshes and settlements at once of a whole refund whose answer was lost: the plan reversed once', async () => {
    // A running plan: the renewal adds a year to it, the refund takes exactly that year back (twice would take more).
    await setPlan(t, BUYER, { level: LEVEL, gid: GID, days: 100 }, clock.now());
    const before = (await memberRow(t, BUYER)).expired_at;
    const { outTradeNo, tradeNo } = await paidOn('alipay');
    gw.ali.refundRefusal = 'ACQ.SYSTEM_ERROR';
    let asked: Awaited<ReturnType<typeof refund>>;
    try {
      asked = await refund(t, outTradeNo, PRICE_FEN);
    } finally {
      gw.ali.refundRefusal = null;
    }
    expect(asked).toMatchObject({ status: 'pending', whole: 1 });
    // The money moved at Alipay; only its answer was lost.
    gw.ali.refunds.set(`${tradeNo}|${asked.refund_no}`, {
      outTradeNo: tradeNo,
      outRequestNo: asked.refund_no,
      amountFen: PRICE_FEN,
      reason: '客户申请退款',
      at: '2026-11-27 10:00:00',
    });
    clock.advance(11_000);
    // Ten refreshes (the query answers the same event) and ten settlements of queries of other instances.
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, () => t.app.commerce.refreshRefunds()),
      ...Array.from({ length: 10 }, (_, i) =>
        t.app.commerce.settleRefund({
          provider: 'alipay',
          kind: 'refund_query',
          eventId: `refund_query:${asked.refund_no}:instance-${i}`,
          refundNo: asked.refund_no,
          state: 'succeeded',
          providerRefundId: null,
          amountFen: PRICE_FEN,
          raw: '{}',
        }),
      ),
    ]);
    // The other answers found it settled (a refresh counts what it asked about, settled by it or not).
    const settled = outcomes.slice(10);
    expect(settled.filter((o) => o !== 'refunded' && o !== 'already_settled')).toEqual([]);
    expect(settled.filter((o) => o === 'refunded').length).toBeLessThanOrEqual(1);
    expect(await memberRow(t, BUYER)).toMatchObject({ level: LEVEL, gid: GID, expired_at: before });
    const order = await orderRow(t, outTradeNo);
    expect(order.status).toBe('refunded');
    expect((await t.app.commerce.refundsOf(order.id)).map((r) => r.status)).toEqual(['succeeded']);
    expect((await attemptRow(t, tradeNo)).refunded_fen).toBe(PRICE_FEN);
    const events = await t.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('kind', '=', 'refund_query')
      .where('trade_no', '=', asked.refund_no)
      .where('outcome', '=', 'refunded')
      .execute();
    expect(events).toHaveLength(1);
  });
});

describe('whole refunds of credit packs and gift cards', () => {
  const PACK_TOOL = 'hts_score';

  const grantOf = (app: TestApp, orderId: number) =>
    app.db
      .selectFrom('tool_credit_grants')
      .select(['total', 'remaining'])
      .where('source_type', '=', 'order')
      .where('source_id', '=', String(orderId))
      .executeTakeFirstOrThrow();

  const cardsOf = async (app: TestApp, orderId: number) => {
    const batch = await app.db
      .selectFrom('card_batches')
      .select(['id', 'status'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const cards = await app.db
      .selectFrom('cards')
      .select('status')
      .where('batch_id', '=', batch.id)
      .orderBy('id')
      .execute();
    return { batch: batch.status, cards: cards.map((c) => c.status) };
  };

  /** Opens an order of `count` of the tool's first pack (as 购买次数 does). */
  async function packOrder(app: TestApp, as: string, count: number): Promise<OrderCreated> {
    const packs = await get<CreditPack[]>(app, as, `${TOOLS_API.packPrices}?tool=${PACK_TOOL}`);
    const pack = packs.body.data[0];
    const res = await post<OrderCreated>(app, as, TOOLS_API.buy, { tool: PACK_TOOL, pack: pack?.id, count });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  /** Opens an order of `count` gift cards of the first product (as 购买卡 does). */
  async function giftOrder(app: TestApp, as: string, count: number): Promise<OrderCreated> {
    const products = await get<GiftProduct[]>(app, as, CARDS_API.shop);
    const product = products.body.data[0];
    const res = await post<OrderCreated>(app, as, CARDS_API.shop, { product: product?.id, count });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  /** The buyer's cards with their secrets (shown once). */
  const showCards = (order: OrderCreated) =>
    get<GiftCards>(shop, shopToken, `${CARDS_API.giftCards}?out_trade_no=${order.out_trade_no}`);

  async function paidInSandbox(order: OrderCreated): Promise<number> {
    const qr = await pay(shop, shopToken, order);
    const confirmed = await shop.sandbox.confirm(qr.orderid);
    if (!confirmed) throw new Error('not confirmed');
    expect((await notify(shop, confirmed)).statusCode).toBe(204);
    const row = await orderRow(shop, order.out_trade_no);
    expect(row.status).toBe('paid');
    return row.id;
  }

  it('a pack: refused once a credit was spent (a part refund still allowed); refunded whole, its credits taken back', async () => {
    await setPlan(shop, BUYER, { level: 10, gid: null, days: null }, shop.now());
    const user = await memberRow(shop, BUYER);
    const tools = createToolsService({
      db: shop.db,
      now: shop.now,
      toolHosts: [],
      launcher: testLauncher(shop.now),
    });
    const spent = await packOrder(shop, shopToken, 2);
    const spentId = await paidInSandbox(spent);
    const granted = await grantOf(shop, spentId);
    expect(granted.remaining).toBe(granted.total);
    expect(await tools.useCredit(user.id, PACK_TOOL, `refund-${spentId}`)).toBe('charged');
    const used = await grantOf(shop, spentId);
    // Credits are drawn from the grant expiring first: this order's.
    expect(used.remaining).toBe(granted.total - 1);
    await expect(refund(shop, spent.out_trade_no, spent.price * 100)).rejects.toMatchObject({
      message: MSG.refundCreditsSpent,
    });
    expect(await shop.app.commerce.refundsOf(spentId)).toEqual([]);
    expect(await grantOf(shop, spentId)).toEqual(used);
    expect(await refund(shop, spent.out_trade_no, 100)).toMatchObject({ status: 'succeeded', whole: 0 });
    expect(await grantOf(shop, spentId)).toEqual(used);
    expect((await orderRow(shop, spent.out_trade_no)).status).toBe('paid');

    const whole = await packOrder(shop, shopToken, 1);
    const wholeId = await paidInSandbox(whole);
    const asked = await refund(shop, whole.out_trade_no, whole.price * 100);
    expect(asked).toMatchObject({ status: 'succeeded', whole: 1 });
    expect(await orderRow(shop, whole.out_trade_no)).toMatchObject({ status: 'refunded' });
    expect((await grantOf(shop, wholeId)).remaining).toBe(0);
    // Its own notification delivered 20 times later takes nothing more.
    const notification = await shop.sandbox.refundNotification(asked.refund_no);
    if (!notification) throw new Error('no notification');
    await Promise.all(
      Array.from({ length: 20 }, () => deliver(shop, COMMERCE_API.notifySandboxRefund, notification)),
    );
    expect((await grantOf(shop, wholeId)).remaining).toBe(0);
    expect(await grantOf(shop, spentId)).toEqual(used);
  });

  it('a pack over WeChat: a failed whole refund gives the credits back; 20 notifications take them back once', async () => {
    await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
    const order = await packOrder(t, token, 1);
    const { outTradeNo, tradeNo } = await paidOn('wechat', order);
    const { id } = await orderRow(t, outTradeNo);
    const granted = await grantOf(t, id);
    const amount = (await attemptRow(t, tradeNo)).amount_fen;

    gw.wx.refundAnswer = { error: { status: 403, code: 'NOT_ENOUGH' } };
    try {
      expect((await refund(t, outTradeNo, amount)).status).toBe('failed');
    } finally {
      gw.wx.refundAnswer = { status: 'PROCESSING' };
    }
    expect(await grantOf(t, id)).toEqual(granted);

    const asked = await refund(t, outTradeNo, amount);
    expect(asked).toMatchObject({ status: 'pending', whole: 1 });
    // Held while the money is on its way: none of them can be spent meanwhile.
    expect((await grantOf(t, id)).remaining).toBe(0);
    const notification = gw.wx.refundNotification(asked.refund_no);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deliver(t, COMMERCE_API.notifyWechatRefund, notification)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    expect(await orderRow(t, outTradeNo)).toMatchObject({ status: 'refunded' });
    expect(await grantOf(t, id)).toEqual({ total: granted.total, remaining: 0 });
    expect((await t.app.commerce.refundsOf(id)).map((r) => r.status)).toEqual(['failed', 'succeeded']);
  });

  it('gift cards: refused once one was redeemed; refunded whole, the unredeemed ones voided and unbindable', async () => {
    await setPlan(shop, BUYER, { level: 10, gid: null, days: null }, shop.now());
    const redeemed = await giftOrder(shop, shopToken, 2);
    const redeemedId = await paidInSandbox(redeemed);
    const shown = await showCards(redeemed);
    const [card] = shown.body.data.cards;
    const customer = await createMember(shop, 'refundgift01', { level: 10 });
    await shop.db
      .updateTable('users')
      .set({ gid: null, expired_at: null })
      .where('id', '=', customer.id)
      .execute();
    const bind = (c: typeof card) =>
      post(shop, customer.token, CARDS_API.bind, { card_no: c?.card_no, card_secret: c?.card_secret });
    expect((await bind(card)).status).toBe(200);
    await expect(refund(shop, redeemed.out_trade_no, redeemed.price * 100)).rejects.toMatchObject({
      message: MSG.refundCardsRedeemed,
    });
    expect(await cardsOf(shop, redeemedId)).toEqual({ batch: 'active', cards: ['bound', 'unbound'] });

    const whole = await giftOrder(shop, shopToken, 2);
    const wholeId = await paidInSandbox(whole);
    const secrets = await showCards(whole);
    expect(await refund(shop, whole.out_trade_no, whole.price * 100)).toMatchObject({
      status: 'succeeded',
      whole: 1,
    });
    expect(await orderRow(shop, whole.out_trade_no)).toMatchObject({ status: 'refunded' });
    expect(await cardsOf(shop, wholeId)).toEqual({ batch: 'void', cards: ['void', 'void'] });
    const refused = await bind(secrets.body.data.cards[0]);
    expect(refused.body.code).not.toBe(200);
    expect(await cardsOf(shop, wholeId)).toEqual({ batch: 'void', cards: ['void', 'void'] });
  });

  it('gift cards over WeChat: a failed whole refund makes them bindable again', async () => {
    await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
    const order = await giftOrder(t, token, 1);
    const { outTradeNo, tradeNo } = await paidOn('wechat', order);
    const { id } = await orderRow(t, outTradeNo);
    const amount = (await attemptRow(t, tradeNo)).amount_fen;
    const asked = await refund(t, outTradeNo, amount);
    expect(await cardsOf(t, id)).toEqual({ batch: 'void', cards: ['void'] });
    const failed = gw.wx.refundNotification(asked.refund_no, 'ABNORMAL');
    await Promise.all(Array.from({ length: 5 }, () => deliver(t, COMMERCE_API.notifyWechatRefund, failed)));
    expect((await refundRow(t, asked.refund_no)).status).toBe('failed');
    expect(await cardsOf(t, id)).toEqual({ batch: 'active', cards: ['unbound'] });
    expect((await orderRow(t, outTradeNo)).status).toBe('paid');
  });
});

describe('money paid twice', () => {
  it('WeChat paid, then Alipay paid too: listed, the Alipay payment refunded, plan unchanged, nothing owed', async () => {
    await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
    const order = await createOrder(t, token, GID);
    const wechat = (await pay(t, token, order, { pay_type: PAY_TYPE.wechat })).orderid;
    gw.wx.pay(wechat);
    const alipay = (await pay(t, token, order, { pay_type: PAY_TYPE.alipay })).orderid;
    gw.ali.pay(alipay);
    await deliver(t, COMMERCE_API.notifyWechat, gw.wx.notification(wechat));
    await deliver(t, COMMERCE_API.notifyAlipay, gw.ali.notification(alipay));
    expect(await orderRow(t, order.out_trade_no)).toMatchObject({ status: 'paid', refund_fen: PRICE_FEN });
    const member = await memberRow(t, BUYER);

    const listed = (await t.app.commerce.doublePaidOrders()).find(
      (o) => o.order.out_trade_no === order.out_trade_no,
    );
    const extra = (await attemptRow(t, alipay)).id;
    expect(listed?.attempts).toEqual([
      {
        id: extra,
        tradeNo: alipay,
        provider: 'alipay',
        paidFen: PRICE_FEN,
        refundableFen: PRICE_FEN,
        paying: false,
        offline: false,
      },
    ]);
    const asked = await refund(t, order.out_trade_no, PRICE_FEN, { attemptId: extra });
    expect(asked).toMatchObject({ status: 'succeeded', whole: 0 });
    expect(await orderRow(t, order.out_trade_no)).toMatchObject({ status: 'paid', refund_fen: 0 });
    expect(await memberRow(t, BUYER)).toMatchObject({
      level: member.level,
      gid: member.gid,
      expired_at: member.expired_at,
    });
    expect((await t.app.commerce.doublePaidOrders()).map((o) => o.order.out_trade_no)).not.toContain(
      order.out_trade_no,
    );
  });
});

describe('refused refunds', () => {
  it('an unpaid order, a zero amount and an empty reason are refused with their messages', async () => {
    await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
    const order = await createOrder(t, token, GID);
    await expect(refund(t, order.out_trade_no, 100)).rejects.toMatchObject({
      message: MSG.orderNotRefundable,
    });
    await expect(refund(t, '202611270000000000000', 100)).rejects.toMatchObject({
      message: MSG.orderNotRefundable,
    });
    const { outTradeNo } = await paidOn('wechat');
    await expect(refund(t, outTradeNo, 0)).rejects.toMatchObject({ message: MSG.refundAmountInvalid });
    await expect(
      t.app.commerce.requestRefund({ outTradeNo, amountFen: 100, reason: '  ', staffId: null }),
    ).rejects.toMatchObject({ message: MSG.refundReasonRequired });
    await expect(refund(t, outTradeNo, PRICE_FEN + 1)).rejects.toMatchObject({ message: MSG.refundOverPaid });
  });
});

describe('sandbox refunds', () => {
  async function paidInSandbox(): Promise<{ outTradeNo: string; tradeNo: string }> {
    const order = await createOrder(shop, shopToken, GID);
    const qr = await pay(shop, shopToken, order);
    const confirmed = await shop.sandbox.confirm(qr.orderid);
    if (!confirmed) throw new Error('not confirmed');
    expect((await notify(shop, confirmed)).statusCode).toBe(204);
    return { outTradeNo: order.out_trade_no, tradeNo: qr.orderid };
  }

  it('a whole refund succeeds at once; its own notification, delivered 20 times later, changes nothing more', async () => {
    await setPlan(shop, BUYER, { level: LEVEL, gid: GID, days: 30 }, shop.now());
    const before = (await memberRow(shop, BUYER)).expired_at;
    const { outTradeNo } = await paidInSandbox();
    const invoice = await issuedInvoice(shop, outTradeNo);
    const asked = await refund(shop, outTradeNo, PRICE_FEN);
    expect(asked).toMatchObject({ status: 'succeeded', whole: 1 });
    expect(await orderRow(shop, outTradeNo)).toMatchObject({ status: 'refunded' });
    expect((await memberRow(shop, BUYER)).expired_at).toBe(before);
    expect(await invoiceStatus(shop, invoice)).toBe('reversed');

    const notification = await shop.sandbox.refundNotification(asked.refund_no);
    if (!notification) throw new Error('no notification');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deliver(shop, COMMERCE_API.notifySandboxRefund, notification)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    expect((await memberRow(shop, BUYER)).expired_at).toBe(before);
  });

  it('an API package refunded whole: its calls taken back, never below what was used', async () => {
    await setPlan(shop, BUYER, { level: LEVEL, gid: GID, days: 30 }, shop.now());
    const order = await createOrder(shop, shopToken, 14);
    const qr = await pay(shop, shopToken, order);
    const confirmed = await shop.sandbox.confirm(qr.orderid);
    if (!confirmed) throw new Error('not confirmed');
    await notify(shop, confirmed);
    const user = await memberRow(shop, BUYER);
    const quota = await shop.db
      .selectFrom('api_quotas')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    await shop.db
      .updateTable('api_quotas')
      .set({ used: quota.total - 10 })
      .where('user_id', '=', user.id)
      .execute();
    const row = await orderRow(shop, order.out_trade_no);
    await refund(shop, order.out_trade_no, row.final_fen);
    const after = await shop.db
      .selectFrom('api_quotas')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.total).toBe(Math.max(quota.total - 10, quota.total - 50_000));
    expect(Date.parse(after.expired_at ?? '')).toBeLessThanOrEqual(shop.now().getTime() + DAY_MS);
  });

  it('ten partial refunds asked at once: the guard lets through only what was paid', async () => {
    await setPlan(shop, BUYER, { level: LEVEL, gid: GID, days: 30 }, shop.now());
    const { outTradeNo, tradeNo } = await paidInSandbox();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => refund(shop, outTradeNo, 100_000)),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done).toHaveLength(6);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ message: MSG.refundOverPaid });
    }
    expect((await attemptRow(shop, tradeNo)).refunded_fen).toBe(600_000);
    expect((await orderRow(shop, outTradeNo)).status).toBe('paid');
  });

  it('npm run orders -- refund and double-paid', async () => {
    await setPlan(shop, BUYER, { level: LEVEL, gid: GID, days: 30 }, shop.now());
    const { outTradeNo } = await paidInSandbox();
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`E ${l}`) };
    const run = (argv: string[]) => runOrdersCli(shop.ledger, argv, out, shop.now, () => shop.app.commerce);
    expect(await run(['refund', outTradeNo, '--amount', '6980.01', '--reason', '重复购买'])).toBe(1);
    expect(lines.pop()).toBe(`E ${outTradeNo}: not refunded: ${MSG.refundOverPaid}`);
    expect(await run(['refund', outTradeNo, '--amount', '6980', '--reason', '重复购买'])).toBe(0);
    expect(lines.pop()).toMatch(
      new RegExp(`^${outTradeNo}: refund \\d+R01 ¥6,?980\\.00 succeeded \\(whole order\\)$`),
    );
    expect((await orderRow(shop, outTradeNo)).status).toBe('refunded');
    expect(await run(['refund', outTradeNo, '--amount', '1'])).toBe(2);
    expect(await run(['double-paid'])).toBe(0);
    expect(lines.pop()).toMatch(/^\d+ order\(s\)$/);
  });
});
