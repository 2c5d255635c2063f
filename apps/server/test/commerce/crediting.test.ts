// Exactly-once crediting: 200 concurrent duplicate notifications, a lost notification credited by the status poll, two
// channels paid, a late payment, the API package, the push message, the dashboard following the new plan, and the
// sandbox's 模拟支付 page delivering its notification over real HTTP.
import {
  type ApiSurplus,
  COMMERCE_API,
  type CusInfo,
  DAY_MS,
  HOME_STATS_API,
  PAY_TYPE,
  PUSH_ORDER_PAID,
  type SetmealInfo,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_WINDOW_MS } from '../../src/modules/commerce/orders.js';
import { QUERY_INTERVAL_MS } from '../../src/modules/commerce/query-worker.js';
import {
  changesOf,
  createOrder,
  createShopApp,
  get,
  loginAs,
  memberRow,
  notify,
  orderRow,
  pay,
  payStatus,
  type ShopApp,
  setPlan,
} from '../support/commerce.js';
import { decodeToken } from '../support/login.js';
import { connect } from '../support/push-socket.js';

let t: ShopApp;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await createShopApp();
  token = await loginAs(t, 'demouser');
  userId = (await memberRow(t, 'demouser')).id;
});
afterAll(() => t.close());

const eventsOf = (orderId: number) =>
  t.db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

async function confirmAtSandbox(tradeNo: string) {
  const notification = await t.sandbox.confirm(tradeNo);
  if (!notification) throw new Error(`sandbox refused ${tradeNo}`);
  return notification;
}

describe('notifications', () => {
  it('200 concurrent deliveries of one notification credit once, with one audit row', async () => {
    const before = await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const expiry = (await memberRow(t, 'demouser')).expired_at;
    const order = await createOrder(t, token, 13, 2);
    const qr = await pay(t, token, order);
    const notification = await confirmAtSandbox(qr.orderid);
    const answers = await Promise.all(Array.from({ length: 200 }, () => notify(t, notification)));
    // Every delivery acknowledged (the sandbox answers 204 like WeChat Pay).
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([204]));

    const changes = await changesOf(t, before);
    expect(changes).toHaveLength(1);
    const row = await orderRow(t, order.out_trade_no);
    expect(row).toMatchObject({ status: 'paid', paid_late: 0, duplicate_paid: 0, channel: 'wechat' });
    // Renewal: two units of 12 months from the running expiry.
    const member = await memberRow(t, 'demouser');
    const expected = new Date(expiry ?? '');
    expected.setUTCFullYear(expected.getUTCFullYear() + 2);
    expect(member).toMatchObject({ level: 22, gid: 13, expired_at: expected.toISOString() });
    expect(changes[0]).toMatchObject({
      order_id: row.id,
      level_before: 22,
      level_after: 22,
      expiry_before: expiry,
      expiry_after: expected.toISOString(),
      provider: 'sandbox',
    });
    const events = await eventsOf(row.id);
    expect(events.map((e) => e.outcome)).toEqual(['credited']);

    const status = await payStatus(t, token, order.out_trade_no);
    expect(status).toMatchObject({ status: true, order_status: 'paid' });
    // A fresh token of the same session, carrying the level.
    const payload = decodeToken(status.token ?? '');
    expect(payload).toMatchObject({ level: 22, jti: decodeToken(token).jti, exp: decodeToken(token).exp });
    expect((await get(t, status.token, COMMERCE_API.expiredTime)).status).toBe(200);
    expect((await get(t, token, COMMERCE_API.expiredTime)).status).toBe(200);
  });

  it('refuses a notification with a bad signature (recorded, not acknowledged)', async () => {
    const order = await createOrder(t, token, 13);
    const qr = await pay(t, token, order);
    const notification = await confirmAtSandbox(qr.orderid);
    const forged = notification.body.replace(/"amount_fen":\d+/, '"amount_fen":1');
    const res = await notify(t, { headers: notification.headers, body: forged });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await orderRow(t, order.out_trade_no)).status).toBe('paying');
    const refused = await t.db
      .selectFrom('payment_events')
      .selectAll()
      .where('verified', '=', 0)
      .where('outcome', '=', 'rejected')
      .execute();
    expect(refused.length).toBeGreaterThan(0);
  });

  it('pushes the paid order to the member’s websocket', async () => {
    const member = await memberRow(t, 'demouser');
    const socket = await connect(t.app, `/ws/msg/${member.group_id}/?token=${token}`);
    expect(await socket.next()).toMatchObject({ code: 0 });
    const order = await createOrder(t, token, 13);
    const qr = await pay(t, token, order);
    await notify(t, await confirmAtSandbox(qr.orderid));
    expect(await socket.next()).toEqual({ code: PUSH_ORDER_PAID, message: order.out_trade_no });
    socket.ws.terminate();
  });
});

describe('the status poll', () => {
  it('credits a payment whose notification was lost, asking the provider at most every 10 s', async () => {
    const order = await createOrder(t, token, 13);
    const qr = await pay(t, token, order);
    await confirmAtSandbox(qr.orderid); // paid at the provider; the notification never arrives
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(false);
    t.advance(QUERY_INTERVAL_MS - 1);
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(false);
    t.advance(1);
    // The due poll answers at once and queues the provider query; the next poll finds the order paid.
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(false);
    await t.app.commerce.queriesSettled();
    const status = await payStatus(t, token, order.out_trade_no);
    expect(status).toMatchObject({ status: true, order_status: 'paid' });
    const row = await orderRow(t, order.out_trade_no);
    expect((await eventsOf(row.id)).map((e) => [e.kind, e.outcome])).toEqual([['query', 'credited']]);
    expect((await changesOf(t, userId)).filter((c) => c.order_id === row.id)).toHaveLength(1);
  });
});

describe('two channels, late payments', () => {
  it('a second channel paid for a paid order: no second credit, flagged for refund', async () => {
    const order = await createOrder(t, token, 13);
    const wechat = await pay(t, token, order, { pay_type: PAY_TYPE.wechat });
    const wechatPaid = await confirmAtSandbox(wechat.orderid); // paid, notification still on its way
    const alipay = await pay(t, token, order, { pay_type: PAY_TYPE.alipay });
    const alipayPaid = await confirmAtSandbox(alipay.orderid);
    expect((await notify(t, alipayPaid)).statusCode).toBe(204);
    expect((await notify(t, wechatPaid)).statusCode).toBe(204);
    const row = await orderRow(t, order.out_trade_no);
    expect(row).toMatchObject({ status: 'paid', channel: 'alipay', duplicate_paid: 1 });
    expect((await changesOf(t, userId)).filter((c) => c.order_id === row.id)).toHaveLength(1);
    expect((await eventsOf(row.id)).map((e) => e.outcome)).toEqual(['credited', 'duplicate_payment']);
  });

  it('a payment that arrives after the order expired is credited all the same and flagged late', async () => {
    const order = await createOrder(t, token, 13);
    const qr = await pay(t, token, order);
    await confirmAtSandbox(qr.orderid);
    t.advance(PAY_WINDOW_MS + 1_000);
    expect((await payStatus(t, token, order.out_trade_no)).order_status).toBe('expired');
    // The sweep expires orders and asks before it closes: the payment is found and credited.
    await t.app.commerce.sweep();
    const row = await orderRow(t, order.out_trade_no);
    expect(row).toMatchObject({ status: 'paid', paid_late: 1 });
    expect((await changesOf(t, userId)).filter((c) => c.order_id === row.id)).toHaveLength(1);
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(true);
  });

  it('the sweep expires unpaid orders and closes their QR codes at the provider', async () => {
    const order = await createOrder(t, token, 13);
    const qr = await pay(t, token, order);
    t.advance(PAY_WINDOW_MS);
    expect(await t.app.commerce.sweep()).toEqual({ expired: 1, closed: 1 });
    expect((await orderRow(t, order.out_trade_no)).status).toBe('expired');
    expect((await t.sandbox.query(qr.orderid)).state).toBe('closed');
  });
});

describe('plans, the API package and the dashboard', () => {
  it('a switch starts the new plan now, and getCusInfo / GetSetmeal of the same session follow at once', async () => {
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    // The session check now holds the old plan in its cache.
    t.advance(3_001);
    expect((await get<CusInfo>(t, token, HOME_STATS_API.cusInfo)).body.data).toMatchObject({ gid: 13 });
    const order = await createOrder(t, token, 6);
    expect(order.credit).toBeGreaterThan(0);
    const qr = await pay(t, token, order);
    await notify(t, await confirmAtSandbox(qr.orderid));
    const member = await memberRow(t, 'demouser');
    const oneYear = new Date(t.now());
    oneYear.setUTCFullYear(oneYear.getUTCFullYear() + 1);
    expect(member).toMatchObject({ level: 60, gid: 6, expired_at: oneYear.toISOString() });
    const status = await payStatus(t, token, order.out_trade_no);
    expect(decodeToken(status.token ?? '').level).toBe(60);
    // The credit dropped the cached check: the old token's next call already sees the new plan.
    expect((await get<CusInfo>(t, token, HOME_STATS_API.cusInfo)).body.data).toMatchObject({
      gid: 6,
      level: 60,
    });
    const cus = await get<CusInfo>(t, status.token, HOME_STATS_API.cusInfo);
    expect(cus.body.data).toMatchObject({ gid: 6, level: 60, expired_time: oneYear.toISOString() });
    const setmeal = await get<SetmealInfo>(t, status.token, HOME_STATS_API.setmeal);
    expect(setmeal.body.data).toMatchObject({ gid: 6, name: '至尊版', level: 60, days_left: 365 });
  });

  it('the API package adds 50,000 calls per unit and keeps the level', async () => {
    const before = await memberRow(t, 'demouser');
    const order = await createOrder(t, token, 14, 2);
    expect(order).toMatchObject({ credit: 0, total: 3800, expired_time: null });
    const qr = await pay(t, token, order);
    await notify(t, await confirmAtSandbox(qr.orderid));
    const after = await memberRow(t, 'demouser');
    expect(after).toMatchObject({ level: before.level, gid: before.gid, expired_at: before.expired_at });
    const surplus = await get<ApiSurplus>(t, token, COMMERCE_API.surplus);
    expect(surplus.body.data).toMatchObject({ total: 100_000, used: 0, surplus: 100_000 });
    expect(Date.parse(surplus.body.data.expired_time ?? '') - t.now().getTime()).toBeGreaterThan(
      729 * DAY_MS,
    );
  });

  it('a legacy level without a plan id moves to a new plan now, its days credited at its row’s price', async () => {
    const gold = await loginAs(t, 'goldvip01');
    const before = await memberRow(t, 'goldvip01');
    const order = await createOrder(t, gold, 6);
    // docs/decisions.md "Legacy levels and changes of plan": ¥12,800 a year × the whole days left ÷ 365.
    const creditFen = Math.floor((1_280_000 * order.unused_days) / 365);
    expect(order.unused_days).toBeGreaterThan(300);
    expect(order).toMatchObject({
      kind: 'switch',
      credit: creditFen / 100,
      price: (1_980_000 - creditFen) / 100,
    });
    const qr = await pay(t, gold, order);
    await notify(t, await confirmAtSandbox(qr.orderid));
    const after = await memberRow(t, 'goldvip01');
    expect(after).toMatchObject({ level: 60, gid: 6 });
    expect(Date.parse(after.expired_at ?? '')).toBeGreaterThanOrEqual(Date.parse(before.expired_at ?? ''));
  });
});

describe('the 模拟支付 page', () => {
  it('renders the order escaped, and its form delivers the notification N times over HTTP: one credit', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await setPlan(t, 'demouser', { level: 20, gid: 1, days: 100 }, t.now());
    const order = await createOrder(t, token, 12);
    const qr = await pay(t, token, order);
    const url = new URL(qr.url);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('模拟支付');
    expect(page.body).toContain(order.out_trade_no);
    expect(page.body).toContain('VIP高级版 × 1年');
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('通知次数');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");

    const bad = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}?trade_no=${qr.orderid}&sig=forged`,
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('支付链接无效');

    const form = new URLSearchParams({
      trade_no: url.searchParams.get('trade_no') ?? '',
      sig: url.searchParams.get('sig') ?? '',
      action: 'confirm',
      times: '8',
    });
    const done = await t.app.inject({
      method: 'POST',
      url: COMMERCE_API.sandboxConfirm,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('支付成功');
    expect(done.body).toContain('服务器确认 8 次');
    const row = await orderRow(t, order.out_trade_no);
    expect(row.status).toBe('paid');
    expect((await changesOf(t, userId)).filter((c) => c.order_id === row.id)).toHaveLength(1);
    expect(await memberRow(t, 'demouser')).toMatchObject({ level: 21, gid: 12 });
  });

  it('cancels', async () => {
    const order = await createOrder(t, token, 12, 2);
    const qr = await pay(t, token, order);
    const url = new URL(qr.url);
    const form = new URLSearchParams({
      trade_no: url.searchParams.get('trade_no') ?? '',
      sig: url.searchParams.get('sig') ?? '',
      action: 'cancel',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: COMMERCE_API.sandboxConfirm,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.body).toContain('已取消');
    expect((await t.sandbox.query(qr.orderid)).state).toBe('closed');
  });
});
