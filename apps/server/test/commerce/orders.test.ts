// The order calls (docs/requirements.md §7 "Orders and payments"): catalogue, order, pay, status, transfer, expiry, list, surplus;
// success, the rule broken with its exact message, 401 without a token, 403 for another member's order and for a
// sub-account.
import {
  type ApiSurplus,
  COMMERCE_API,
  type ExpiredTime,
  MSG,
  ORDER_CODE,
  type OrderCreated,
  type OrderListItem,
  PAY_TYPE,
  type Page,
  type PlanItem,
  type PlanPrice,
  type TransferInfo,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_WINDOW_MS } from '../../src/modules/commerce/orders.js';
import {
  createOrder,
  createShopApp,
  get,
  loginAs,
  orderRow,
  pay,
  payPayload,
  payStatus,
  post,
  type ShopApp,
  setPlan,
} from '../support/commerce.js';

let t: ShopApp;
let main: string;
let sub: string;
let gold: string;

beforeAll(async () => {
  t = await createShopApp();
  main = await loginAs(t, 'demouser');
  sub = await loginAs(t, 'demosub01');
  gold = await loginAs(t, 'goldvip01');
});
afterAll(() => t.close());

const abnormal = { code: ORDER_CODE.abnormal, message: MSG.orderAbnormal, data: null };

describe('catalogue (public)', () => {
  it('lists the plans on sale with their prices, without a token', async () => {
    const { status, body } = await get<PlanItem[]>(t, null, COMMERCE_API.planList);
    expect(status).toBe(200);
    expect(body.data.map((p) => [p.gid, p.name, p.level, p.unit_price, p.unit])).toEqual([
      [1, 'VIP地方版', 20, 3980, 'year'],
      [12, 'VIP高级版', 21, 6980, 'months12'],
      [13, 'VIP专业版', 22, 12800, 'months12'],
      [6, '至尊版', 60, 19800, 'year'],
      [11, '集团版', 61, 39800, 'year'],
      [14, 'API套餐', null, 2000, 'months12'],
    ]);
    expect(body.data.find((p) => p.gid === 14)?.api_calls_per_unit).toBe(50_000);
    expect(body.data.find((p) => p.gid === 1)?.plain_invoice_only).toBe(true);
  });

  it('answers the price lists, all or one plan', async () => {
    const all = await get<PlanPrice[]>(t, null, COMMERCE_API.planPrices);
    expect(all.body.data).toHaveLength(6);
    const one = await get<PlanPrice[]>(t, null, `${COMMERCE_API.planPrices}?gid=13`);
    expect(one.body.data).toEqual([
      {
        gid: 13,
        price_list: [
          [0.95, 12800, 0, 12160],
          [0.9, 24320, 1280, 11520],
          [0.85, 34560, 3840, 10880],
          [0.8, 43520, 7680, 10240],
          [0.8, 51200, 12800, 10240],
        ],
      },
    ]);
    const bad = await get(t, null, `${COMMERCE_API.planPrices}?gid=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.planInvalid);
  });
});

describe('POST order', () => {
  it('creates an order: readable number, pay-by time 600 s, price lines, expiry after', async () => {
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const order = await createOrder(t, main, 6);
    expect(order.out_trade_no).toMatch(/^\d{20}$/);
    expect(order.out_trade_no.slice(0, 8)).toBe(
      new Date(t.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', ''),
    );
    expect(Date.parse(order.late_time) - t.now().getTime()).toBe(PAY_WINDOW_MS);
    // 100 unused days of 专业版 at ¥12,800 a year: ¥3,506.84.
    expect(order).toMatchObject({
      gid: 6,
      name: '至尊版',
      count: 1,
      total: 19800,
      credit: 3506.84,
      price: 16293.16,
      min_count: 1,
      status: 'created',
      lines: [
        { label: '至尊版 × 1年', amount: 19800 },
        { label: '当前套餐剩余价值抵扣', amount: -3506.84 },
      ],
    });
    expect(order.price_list).toHaveLength(5);
  });

  it('accepts a form body and stores the distribution cookie as source', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: COMMERCE_API.order,
      headers: {
        authorization: `Bearer ${main}`,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: 'CCW-Distribution=spring-campaign',
      },
      payload: 'gid=13&count=2',
    });
    const order = res.json<{ data: OrderCreated }>().data;
    expect(order).toMatchObject({ gid: 13, count: 2, total: 24320, credit: 0, price: 24320 });
    expect((await orderRow(t, order.out_trade_no)).source).toBe('spring-campaign');
  });

  it('refuses an unknown plan and a count out of 1-5', async () => {
    const unknown = await post(t, main, COMMERCE_API.order, { gid: 99, count: 1 });
    expect(unknown).toMatchObject({
      status: 200,
      body: { code: ORDER_CODE.createFailed, message: MSG.orderCreateFailed },
    });
    for (const count of [0, 6, 'x', 1.5]) {
      const res = await post(t, main, COMMERCE_API.order, { gid: 13, count });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 400,
        message: MSG.orderCountInvalid,
        detail: MSG.orderCountInvalid,
      });
    }
  });

  it('needs a token and a main account', async () => {
    expect((await post(t, null, COMMERCE_API.order, { gid: 13 })).status).toBe(401);
    const res = await post(t, sub, COMMERCE_API.order, { gid: 13 });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, message: MSG.subAccountNoPackages });
  });
});

describe('POST pay', () => {
  it('answers the QR payload and the attempt number; a changed count reprices and never reuses a number', async () => {
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const order = await createOrder(t, main, 13);
    const first = await pay(t, main, order);
    expect(first.orderid).toBe(`${order.out_trade_no}001`);
    expect(first.url).toContain(COMMERCE_API.sandboxPage);
    // 3 years: ¥34,560.
    const second = await pay(t, main, order, { count: 3, finalPrice: 34560, pay_type: PAY_TYPE.alipay });
    expect(second.orderid).toBe(`${order.out_trade_no}002`);
    const row = await orderRow(t, order.out_trade_no);
    expect(row).toMatchObject({
      count: 3,
      total_fen: 3_456_000,
      final_fen: 3_456_000,
      status: 'paying',
      channel: 'alipay',
    });
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('order_id', '=', row.id)
      .orderBy('seq')
      .execute();
    expect(attempts.map((a) => [a.seq, a.status, a.amount_fen])).toEqual([
      [1, 'closed', 1_280_000],
      [2, 'open', 3_456_000],
    ]);
    // The closed QR is closed at the provider too.
    expect((await t.sandbox.query(first.orderid)).state).toBe('closed');
  });

  it('refuses a tampered price, count or plan with 订单异常', async () => {
    const order = await createOrder(t, main, 13);
    for (const over of [{ finalPrice: 0.01 }, { finalPrice: '12799.99' }, { count: 2 }, { gid: 1 }]) {
      const res = await post(t, main, COMMERCE_API.pay, payPayload(order, over));
      expect(res, JSON.stringify(over)).toMatchObject({ status: 200, body: abnormal });
    }
    // The price compared in fen: the same amount as a string with two decimals passes.
    await pay(t, main, order, { finalPrice: '12800.00' });
  });

  it('opens an upgrade at its min_count and never stores or pays a negative price', async () => {
    // 地方版 with five years left (¥19,900 of credit) upgrading to 高级版: 4 years (¥23,732) is the least that absorbs it.
    await setPlan(t, 'demouser', { level: 20, gid: 1, days: 5 * 365 }, t.now());
    const order = await createOrder(t, main, 12);
    expect(order).toMatchObject({ count: 4, min_count: 4, kind: 'switch' });
    expect(order.price).toBeGreaterThanOrEqual(0);
    // Asking for fewer years still answers the same order at its minimum.
    expect(await createOrder(t, main, 12, 1)).toMatchObject({ out_trade_no: order.out_trade_no, count: 4 });
    const res = await post(t, main, COMMERCE_API.pay, payPayload(order, { count: 3, finalPrice: 0 }));
    expect(res.body).toMatchObject(abnormal);
    const rows = await t.db.selectFrom('orders').select('final_fen').execute();
    expect(rows.every((r) => r.final_fen >= 0)).toBe(true);
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
  });

  it('refuses an order that no count can price at >= 0, and writes nothing', async () => {
    // 3,000 days of 高级版 are worth more than five years of 专业版.
    const userId = await setPlan(t, 'demouser', { level: 21, gid: 12, days: 3_000 }, t.now());
    const count = () =>
      t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
    const before = await count();
    const res = await post(t, main, COMMERCE_API.order, { gid: 13, count: 1 });
    expect(res.body).toMatchObject(abnormal);
    expect(await count()).toEqual(before);
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
  });

  it('refuses an expired order with the timeout message', async () => {
    const order = await createOrder(t, main, 13);
    t.advance(PAY_WINDOW_MS + 1_000);
    const res = await post(t, main, COMMERCE_API.pay, payPayload(order));
    expect(res).toMatchObject({ status: 200, body: { code: ORDER_CODE.expired, message: MSG.orderTimeout } });
    expect((await orderRow(t, order.out_trade_no)).status).toBe('expired');
  });

  it('refuses malformed fields with their messages', async () => {
    const order = await createOrder(t, main, 13);
    const cases: [Record<string, unknown>, string][] = [
      [{ out_trade_no: '123' }, MSG.orderNoInvalid],
      [{ finalPrice: '12.345' }, MSG.finalPriceInvalid],
      [{ finalPrice: 'abc' }, MSG.finalPriceInvalid],
      [{ pay_type: 'x' }, MSG.payTypeInvalid],
      [{ count: 9 }, MSG.orderCountInvalid],
    ];
    for (const [over, message] of cases) {
      const res = await post(t, main, COMMERCE_API.pay, payPayload(order, over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('401 without a token, 403 for another member and for a sub-account, 404 for an unknown number', async () => {
    const order = await createOrder(t, main, 13);
    expect((await post(t, null, COMMERCE_API.pay, payPayload(order))).status).toBe(401);
    const other = await post(t, gold, COMMERCE_API.pay, payPayload(order));
    expect(other).toMatchObject({ status: 403, body: { code: 403, message: MSG.forbidden } });
    const subRes = await post(t, sub, COMMERCE_API.pay, payPayload(order));
    expect(subRes).toMatchObject({ status: 403, body: { message: MSG.subAccountNoPackages } });
    const missing = await post(
      t,
      main,
      COMMERCE_API.pay,
      payPayload(order, { out_trade_no: '20260101000000000000' }),
    );
    expect(missing.status).toBe(404);
  });
});

describe('GET pay/status', () => {
  it('is false with no token while unpaid', async () => {
    const order = await createOrder(t, main, 13);
    await pay(t, main, order);
    expect(await payStatus(t, main, order.out_trade_no)).toEqual({
      status: false,
      order_status: 'paying',
      token: null,
    });
  });

  it('says expired after the pay-by time', async () => {
    const order = await createOrder(t, main, 13);
    t.advance(PAY_WINDOW_MS);
    expect(await payStatus(t, main, order.out_trade_no)).toMatchObject({
      status: false,
      order_status: 'expired',
    });
  });

  it('401, 403 (another member, a sub-account), 400 for a malformed number', async () => {
    const order = await createOrder(t, main, 13);
    const url = `${COMMERCE_API.payStatus}?out_trade_no=${order.out_trade_no}`;
    expect((await get(t, null, url)).status).toBe(401);
    expect((await get(t, gold, url)).status).toBe(403);
    expect((await get(t, sub, url)).body.message).toBe(MSG.subAccountNoPackages);
    const bad = await get(t, main, `${COMMERCE_API.payStatus}?out_trade_no=abc`);
    expect(bad).toMatchObject({ status: 400, body: { message: MSG.orderNoInvalid } });
  });
});

describe('POST TTpay', () => {
  it('moves the order to awaiting_transfer and answers the bank details with the order number as remark', async () => {
    const order = await createOrder(t, main, 13);
    const qr = await pay(t, main, order);
    const { status, body } = await post<TransferInfo>(t, main, COMMERCE_API.transfer, {
      out_trade_no: order.out_trade_no,
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      out_trade_no: order.out_trade_no,
      amount: 12800,
      bank_account_name: t.config.payment.bank.accountName,
      bank_name: t.config.payment.bank.bankName,
      bank_account_no: t.config.payment.bank.accountNo,
      remark: order.out_trade_no,
    });
    expect((await orderRow(t, order.out_trade_no)).status).toBe('awaiting_transfer');
    expect((await t.sandbox.query(qr.orderid)).state).toBe('closed');
    // Asked again: the same answer; a QR is no longer offered.
    expect((await post(t, main, COMMERCE_API.transfer, { out_trade_no: order.out_trade_no })).body.code).toBe(
      200,
    );
    expect((await post(t, main, COMMERCE_API.pay, payPayload(order))).body).toMatchObject(abnormal);
    // Awaiting a transfer, the order does not expire at its pay-by time.
    t.advance(PAY_WINDOW_MS * 2);
    expect((await payStatus(t, main, order.out_trade_no)).order_status).toBe('awaiting_transfer');
  });

  it('refuses an expired order, and answers 401 / 403', async () => {
    const order = await createOrder(t, main, 13);
    const body = { out_trade_no: order.out_trade_no };
    expect((await post(t, null, COMMERCE_API.transfer, body)).status).toBe(401);
    expect((await post(t, gold, COMMERCE_API.transfer, body)).status).toBe(403);
    expect((await post(t, sub, COMMERCE_API.transfer, body)).body.message).toBe(MSG.subAccountNoPackages);
    t.advance(PAY_WINDOW_MS);
    expect((await post(t, main, COMMERCE_API.transfer, body)).body).toMatchObject({
      code: ORDER_CODE.expired,
      message: MSG.orderTimeout,
    });
  });
});

describe('expiredtime, order list, surplus', () => {
  it('answers the current plan and its expiry', async () => {
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const { body } = await get<ExpiredTime>(t, main, COMMERCE_API.expiredTime);
    expect(body.data.gid).toBe(13);
    expect(Date.parse(body.data.expired_time ?? '')).toBeGreaterThan(t.now().getTime());
    const legacy = await get<ExpiredTime>(t, gold, COMMERCE_API.expiredTime);
    expect(legacy.body.data.gid).toBeNull();
  });

  it('lists the member’s orders, newest first, filtered by status, expired ones as expired', async () => {
    const { body } = await get<Page<OrderListItem>>(t, main, `${COMMERCE_API.orderList}?size=100`);
    expect(body.data.total).toBeGreaterThan(2);
    expect(body.data.list.every((o) => o.status !== 'created' && o.status !== 'paying')).toBe(true);
    const waiting = await get<Page<OrderListItem>>(
      t,
      main,
      `${COMMERCE_API.orderList}?status=awaiting_transfer`,
    );
    expect(waiting.body.data.list.map((o) => o.status)).toEqual(['awaiting_transfer']);
    expect(waiting.body.data.list[0]).toMatchObject({ name: 'VIP专业版', price: 12800, channel: 'transfer' });
    // `pending` lists the orders still to pay whose QR was shown: an order nobody tried to pay is not listed
    // (docs/decisions.md "Orders nobody tried to pay").
    const fresh = await createOrder(t, main, 13);
    const shown = await createOrder(t, main, 6);
    await pay(t, main, shown);
    const pending = await get<Page<OrderListItem>>(t, main, `${COMMERCE_API.orderList}?status=pending`);
    expect(pending.body.data.list.map((o) => [o.out_trade_no, o.status, o.payable, o.refund])).toEqual([
      [shown.out_trade_no, 'paying', true, 0],
    ]);
    expect(pending.body.data.total).toBe(1);
    expect((await orderRow(t, fresh.out_trade_no)).status).toBe('created');
    const bad = await get(t, main, `${COMMERCE_API.orderList}?status=lost`);
    expect(bad).toMatchObject({ status: 400, body: { message: MSG.orderStatusInvalid } });
    const theirs = await get<Page<OrderListItem>>(t, gold, COMMERCE_API.orderList);
    expect(theirs.body.data.total).toBe(0);
  });

  it('answers no API calls before any API package', async () => {
    const { body } = await get<ApiSurplus>(t, main, COMMERCE_API.surplus);
    expect(body.data).toEqual({ total: 0, used: 0, surplus: 0, expired_time: null });
  });

  it('401 without a token, 403 for a sub-account', async () => {
    for (const url of [COMMERCE_API.expiredTime, COMMERCE_API.orderList, COMMERCE_API.surplus]) {
      expect((await get(t, null, url)).status, url).toBe(401);
      const res = await get(t, sub, url);
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe(MSG.subAccountNoPackages);
    }
  });
});
