// The sandbox's three shapes (development without credentials): h5 and jsapi go to its 模拟支付 page, which after
// 确认支付 or 取消 sends the browser to the result page; jsapi's sign-in comes straight back with a sandbox code.
import { COMMERCE_API, type OrderCreated, type PayCreated } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  createShopApp,
  orderRow,
  payPayload,
  payStatus,
  type ShopApp,
  setPlan,
} from '../support/commerce.js';
import { bearer, login } from '../support/login.js';

const GID = 12;
const BUYER = 'trialuser';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const WECHAT = `${IPHONE} MicroMessenger/8.0.50 NetType/WIFI`;

let t: ShopApp;
let token: string;
let buyerId: number;

beforeAll(async () => {
  t = await createShopApp();
  token = await login(t.app, BUYER);
});
afterAll(() => t.close());

async function freshOrder(): Promise<OrderCreated> {
  buyerId = await setPlan(t, BUYER, { level: 10, gid: null, days: null }, t.now());
  return createOrder(t, token, GID);
}

async function payFrom(userAgent: string, order: OrderCreated): Promise<PayCreated> {
  const res = await t.app.inject({
    method: 'POST',
    url: COMMERCE_API.pay,
    headers: { ...bearer(token), 'user-agent': userAgent },
    payload: payPayload(order),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PayCreated }>().data;
}

/** The 模拟支付 page's form, as the browser posts it. */
function onPage(url: string, action: 'confirm' | 'cancel') {
  const link = new URL(url).searchParams;
  return t.app.inject({
    method: 'POST',
    url: COMMERCE_API.sandboxConfirm,
    payload: { trade_no: link.get('trade_no') ?? '', sig: link.get('sig') ?? '', action },
  });
}

/** The result page on this server's public origin (http://localhost:PORT without PUBLIC_BASE_URL). */
const resultPage = (order: OrderCreated) =>
  `http://localhost:${t.config.port}/usercenter/payResult?out_trade_no=${order.out_trade_no}`;

describe('the sandbox shapes', () => {
  it('h5: the 模拟支付 page pays and redirects to the result page; the order is paid', async () => {
    const order = await freshOrder();
    const created = await payFrom(IPHONE, order);
    expect(created.mode).toBe('h5');
    const url = new URL(created.url);
    expect(url.pathname).toBe(COMMERCE_API.sandboxPage);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.body).toContain('确认支付');
    const res = await onPage(created.url, 'confirm');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(resultPage(order));
    expect((await orderRow(t, order.out_trade_no)).status).toBe('paid');
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(true);
  });

  it('h5: 取消 goes back to the result page unpaid, and the trade is closed', async () => {
    const order = await freshOrder();
    const created = await payFrom(IPHONE, order);
    const res = await onPage(created.url, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(resultPage(order));
    expect(await payStatus(t, token, order.out_trade_no)).toMatchObject({
      status: false,
      order_status: 'paying',
    });
    expect((await t.sandbox.query(created.orderid)).state).toBe('closed');
    // The closed trade cannot be paid afterwards.
    const late = await onPage(created.url, 'confirm');
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('支付失败');
  });

  it('jsapi: the sign-in comes straight back, then bridge parameters and the page for a browser without the bridge', async () => {
    const order = await freshOrder();
    await t.db.deleteFrom('wechat_payers').where('user_id', '=', buyerId).execute();
    const first = await payFrom(WECHAT, order);
    expect(first).toMatchObject({ mode: 'oauth', orderid: '' });
    const callback = new URL(first.url);
    expect(callback.pathname).toBe(COMMERCE_API.wechatSignIn);
    expect(callback.searchParams.get('code')).toMatch(/^SBXC/);
    const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(resultPage(order));
    const rows = await t.db.selectFrom('wechat_payers').selectAll().where('user_id', '=', buyerId).execute();
    expect(rows).toEqual([
      expect.objectContaining({ appid: 'wxsandbox00000000', openid: expect.stringMatching(/^sbx_o/) }),
    ]);

    const created = await payFrom(WECHAT, order);
    expect(created.mode).toBe('jsapi');
    expect(created.jsapi).toMatchObject({
      appId: 'wxsandbox00000000',
      package: expect.stringMatching(/^prepay_id=SBXP/),
      signType: 'RSA',
    });
    expect(new URL(created.url).pathname).toBe(COMMERCE_API.sandboxPage);
    const res = await onPage(created.url, 'confirm');
    expect(res.statusCode).toBe(303);
    expect((await orderRow(t, order.out_trade_no)).status).toBe('paid');
  });

  it('qr: the page still answers 支付成功 itself', async () => {
    const order = await freshOrder();
    const created = await payFrom('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0', order);
    expect(created.mode).toBe('qr');
    const res = await onPage(created.url, 'confirm');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('支付成功');
  });
});
