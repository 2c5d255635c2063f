// Payment channels by device, through the real providers against the local gateways: the pay call's shape from the
// User-Agent (or the mode it names), WeChat Pay H5, JSAPI with the payer's sign-in round trip, and Alipay wap, each
// paid at its gateway as a browser would and credited exactly once from the signed notification; refused, mismatched,
// duplicate and out-of-order notifications; a return without payment.
import { COMMERCE_API, MSG, type OrderCreated, PAY_TYPE, type PayCreated } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  orderRow,
  payPayload,
  payStatus,
  setPlan,
  startGateways,
} from '../support/commerce.js';
import { bearer } from '../support/login.js';

/** VIP高级版: ¥6,980 for 12 months. */
const GID = 12;
const PRICE_FEN = 698_000;
const BUYER = 'trialuser';
const UA = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x18003237) NetType/WIFI Language/zh_CN',
};
const ORDER_PAGE = `/taocandetail?gid=${GID}&state=2&isRenew=0`;
const REFERER = `${GATEWAY_BASE_URL}/usercenter${ORDER_PAGE}`;

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

async function freshOrder(): Promise<OrderCreated> {
  buyerId = await setPlan(t, BUYER, { level: 10, gid: null, days: null }, clock.now());
  return createOrder(t, token, GID);
}

/** The pay call as a browser with this User-Agent sends it from the order page. */
async function payFrom(
  userAgent: string,
  order: OrderCreated,
  over: Record<string, unknown> = {},
): Promise<PayCreated> {
  const res = await t.app.inject({
    method: 'POST',
    url: COMMERCE_API.pay,
    headers: { ...bearer(token), 'user-agent': userAgent, referer: REFERER },
    payload: payPayload(order, over),
  });
  const body = res.json<{ code: number; data: PayCreated }>();
  expect(res.statusCode, res.body).toBe(200);
  expect(body.code, res.body).toBe(200);
  return body.data;
}

const resultPage = (order: OrderCreated) =>
  `${GATEWAY_BASE_URL}/usercenter/payResult?out_trade_no=${order.out_trade_no}`;

/** A browser's step that must redirect: where to. */
async function redirected(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(302);
  return response.headers.get('location') ?? '';
}
const formPost = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual',
});

/** WeChat's sign-in as the browser goes through it, ending at our callback: where the callback sends it. */
async function signInThrough(
  created: PayCreated,
): Promise<{ status: number; location: string; body: string }> {
  expect(created).toMatchObject({ mode: 'oauth', orderid: '' });
  const callback = new URL(await redirected(await fetch(created.url, { redirect: 'manual' })));
  expect(`${callback.origin}${callback.pathname}`).toBe(`${GATEWAY_BASE_URL}${COMMERCE_API.wechatSignIn}`);
  const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  return { status: res.statusCode, location: String(res.headers.location ?? ''), body: res.body };
}

const payerRows = () => t.db.selectFrom('wechat_payers').selectAll().where('user_id', '=', buyerId).execute();

async function expectCreditedOnce(order: OrderCreated, tradeNo: string, provider: string): Promise<void> {
  const row = await orderRow(t, order.out_trade_no);
  expect(row.status).toBe('paid');
  expect((await changesOf(t, buyerId)).filter((c) => c.order_id === row.id)).toHaveLength(1);
  expect(await attemptRow(t, tradeNo)).toMatchObject({ status: 'paid', provider });
  expect((await payStatus(t, token, order.out_trade_no)).status).toBe(true);
}

async function expectUnpaid(order: OrderCreated): Promise<void> {
  const row = await orderRow(t, order.out_trade_no);
  expect(row.status).toBe('paying');
  expect((await changesOf(t, buyerId)).filter((c) => c.order_id === row.id)).toHaveLength(0);
  expect(await payStatus(t, token, order.out_trade_no)).toMatchObject({
    status: false,
    order_status: 'paying',
  });
}

describe('the shape follows the device', () => {
  it('a desktop gets the QR code on both channels', async () => {
    const order = await freshOrder();
    const wx = await payFrom(UA.desktop, order);
    expect(wx).toEqual({ mode: 'qr', url: gw.wx.trades.get(wx.orderid)?.codeUrl, orderid: wx.orderid });
    const ali = await payFrom(UA.desktop, order, { pay_type: PAY_TYPE.alipay });
    expect(ali).toEqual({ mode: 'qr', url: gw.ali.trades.get(ali.orderid)?.qrCode, orderid: ali.orderid });
    // One open attempt at a time: the WeChat QR was closed when the Alipay one was issued.
    expect(gw.wx.trades.get(wx.orderid)?.state).toBe('CLOSED');
    expect((await attemptRow(t, wx.orderid)).status).toBe('closed');
  });

  it('a phone browser gets WeChat Pay H5 (with the payer IP and the result page) and Alipay wap', async () => {
    const order = await freshOrder();
    const wx = await payFrom(UA.iphone, order);
    expect(wx.mode).toBe('h5');
    const trade = gw.wx.trades.get(wx.orderid);
    expect(trade).toMatchObject({ tradeType: 'MWEB', payerClientIp: '127.0.0.1', amountFen: PRICE_FEN });
    expect(new URL(wx.url).searchParams.get('redirect_url')).toBe(resultPage(order));
    const ali = await payFrom(UA.android, order, { pay_type: PAY_TYPE.alipay });
    expect(ali.mode).toBe('h5');
    const signed = new URL(ali.url);
    expect(signed.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(signed.searchParams.get('return_url')).toBe(resultPage(order));
    expect(JSON.parse(signed.searchParams.get('biz_content') ?? '{}')).toMatchObject({
      out_trade_no: ali.orderid,
      total_amount: '6980.00',
      product_code: 'QUICK_WAP_WAY',
      quit_url: resultPage(order),
    });
    expect(gw.wx.trades.get(wx.orderid)?.state).toBe('CLOSED');
  });

  it('the member may name the QR code on a phone (改用扫码支付); Alipay inside WeChat gets the QR code', async () => {
    const order = await freshOrder();
    expect((await payFrom(UA.iphone, order, { mode: 'qr' })).mode).toBe('qr');
    expect((await payFrom(UA.wechat, order, { mode: 'qr' })).mode).toBe('qr');
    const ali = await payFrom(UA.wechat, order, { pay_type: PAY_TYPE.alipay });
    expect(ali).toMatchObject({ mode: 'qr', url: gw.ali.trades.get(ali.orderid)?.qrCode });
    expect((await payFrom(UA.desktop, order, { mode: 'h5' })).mode).toBe('h5');
  });

  it('an unknown mode is refused with the pay type message; 401 without a token, 403 for another member and a sub-account', async () => {
    const order = await freshOrder();
    const send = (headers: Record<string, string>, over: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: COMMERCE_API.pay,
        headers: { 'user-agent': UA.wechat, ...headers },
        payload: payPayload(order, over),
      });
    const refused = await send(bearer(token), { mode: 'app' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 400, message: MSG.payTypeInvalid });
    expect((await send({})).statusCode).toBe(401);
    const other = await send(bearer(await loginAs(t, 'demouser')));
    expect(other.json()).toMatchObject({ code: 403, message: MSG.forbidden });
    const sub = await send(bearer(await loginAs(t, 'demosub01')));
    expect(sub.json()).toMatchObject({ code: 403, message: MSG.subAccountNoPackages });
    // None of them issued anything or asked for a sign-in.
    expect(await orderRow(t, order.out_trade_no)).toMatchObject({ status: 'created' });
  });
});

describe('WeChat Pay JSAPI and the payer sign-in', () => {
  it('without an openid: no attempt, the sign-in address; it comes back to the order page and the openid is kept', async () => {
    const order = await freshOrder();
    await t.db.deleteFrom('wechat_payers').where('user_id', '=', buyerId).execute();
    const first = await payFrom(UA.wechat, order);
    const authorize = new URL(first.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(gw.wx.config.oauth.authorizeUrl);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      appid: gw.wx.config.appid,
      response_type: 'code',
      scope: 'snsapi_base',
    });
    expect(authorize.hash).toBe('#wechat_redirect');
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9]{1,128}$/);
    expect(await orderRow(t, order.out_trade_no)).toMatchObject({ status: 'created' });

    const back = await signInThrough(first);
    expect(back).toMatchObject({ status: 302, location: `${GATEWAY_BASE_URL}/usercenter${ORDER_PAGE}` });
    const rows = await payerRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ appid: gw.wx.config.appid });

    const second = await payFrom(UA.wechat, order);
    expect(second.mode).toBe('jsapi');
    expect(second.url).toBe('');
    const trade = gw.wx.trades.get(second.orderid);
    expect(trade).toMatchObject({ tradeType: 'JSAPI', openid: rows[0]?.openid });
    expect(second.jsapi).toMatchObject({
      appId: gw.wx.config.appid,
      package: `prepay_id=${trade?.prepayId}`,
    });
  });

  it('a forged, swapped or stale state, or a refused code, keeps nothing and says so', async () => {
    const order = await freshOrder();
    await t.db.deleteFrom('wechat_payers').where('user_id', '=', buyerId).execute();
    const first = await payFrom(UA.wechat, order);
    const callback = new URL(await redirected(await fetch(first.url, { redirect: 'manual' })));
    const at = (mutate: (q: URLSearchParams) => void) => {
      const q = new URLSearchParams(callback.search);
      mutate(q);
      return t.app.inject({ method: 'GET', url: `${callback.pathname}?${q}` });
    };
    const forged = await at((q) => q.set('state', (q.get('state') ?? '').replace(/^u\d+/, 'u1')));
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('微信授权失败');
    expect((await at((q) => q.set('to', '/order/list'))).statusCode).toBe(400);
    expect((await at((q) => q.set('to', '//evil.example.com/x'))).statusCode).toBe(400);
    expect((await at((q) => q.set('code', 'nonsense'))).statusCode).toBe(400);
    expect(await payerRows()).toHaveLength(0);
    clock.advance(11 * 60 * 1000);
    expect((await at(() => {})).statusCode).toBe(400);
    expect(await payerRows()).toHaveLength(0);
  });

  it('the Referer outside the web app: the sign-in returns to the result page', async () => {
    const order = await freshOrder();
    await t.db.deleteFrom('wechat_payers').where('user_id', '=', buyerId).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: COMMERCE_API.pay,
      headers: { ...bearer(token), 'user-agent': UA.wechat, referer: 'https://elsewhere.example.com/x' },
      payload: payPayload(order),
    });
    const back = await signInThrough(res.json<{ data: PayCreated }>().data);
    expect(back.location).toBe(resultPage(order));
  });
});

/** One phone channel: how the browser pays at the gateway, and its notifications. */
interface Channel {
  name: string;
  provider: 'wechat' | 'alipay';
  userAgent: string;
  payType: number;
  mode: 'h5' | 'jsapi';
  /** Pays (or, with leave, leaves) at the gateway as the payer's browser; where the browser lands. */
  browse(created: PayCreated, leave?: boolean): Promise<string>;
  notification(
    tradeNo: string,
    over?: { badSignature?: boolean; amountFen?: number; unpaid?: boolean },
  ): { headers: Record<string, string>; body: string };
  notifyPath: string;
  okStatus: number;
}

const CHANNELS: Channel[] = [
  {
    name: 'WeChat Pay H5',
    provider: 'wechat',
    userAgent: UA.iphone,
    payType: PAY_TYPE.wechat,
    mode: 'h5',
    async browse(created, leave = false) {
      const page = await fetch(created.url);
      expect(await page.text()).toContain('确认支付');
      const url = new URL(created.url);
      return redirected(
        await fetch(
          `${url.origin}/cgi-bin/mmpayweb-bin/pay`,
          formPost({
            prepay_id: url.searchParams.get('prepay_id') ?? '',
            redirect_url: url.searchParams.get('redirect_url') ?? '',
            action: leave ? 'leave' : 'pay',
          }),
        ),
      );
    },
    notification: (no, over = {}) =>
      gw.wx.notification(no, { ...over, ...(over.unpaid ? { tradeState: 'NOTPAY' } : {}) }),
    notifyPath: COMMERCE_API.notifyWechat,
    okStatus: 204,
  },
  {
    name: 'WeChat Pay JSAPI',
    provider: 'wechat',
    userAgent: UA.wechat,
    payType: PAY_TYPE.wechat,
    mode: 'jsapi',
    async browse(created, leave = false) {
      // The sheet: paid (its signature checked), or closed by the payer; the page then opens the result page.
      if (!leave && created.jsapi) gw.wx.bridgePay(created.jsapi);
      return `${GATEWAY_BASE_URL}/usercenter/payResult`;
    },
    notification: (no, over = {}) =>
      gw.wx.notification(no, { ...over, ...(over.unpaid ? { tradeState: 'NOTPAY' } : {}) }),
    notifyPath: COMMERCE_API.notifyWechat,
    okStatus: 204,
  },
  {
    name: 'Alipay wap',
    provider: 'alipay',
    userAgent: UA.android,
    payType: PAY_TYPE.alipay,
    mode: 'h5',
    async browse(created, leave = false) {
      const page = await fetch(created.url);
      expect(await page.text()).toContain('确认付款');
      const trade = new URL(created.url);
      const no = JSON.parse(trade.searchParams.get('biz_content') ?? '{}').out_trade_no as string;
      return redirected(
        await fetch(
          `${new URL(gw.ali.url).origin}/wap/pay`,
          formPost({ out_trade_no: no, action: leave ? 'quit' : 'pay' }),
        ),
      );
    },
    notification: (no, over = {}) =>
      gw.ali.notification(no, { ...over, ...(over.unpaid ? { tradeStatus: 'WAIT_BUYER_PAY' } : {}) }),
    notifyPath: COMMERCE_API.notifyAlipay,
    okStatus: 200,
  },
];

describe.each(CHANNELS)('$name', (channel) => {
  /** An order paid up to the gateway's page in this channel's shape (signed in first for JSAPI). */
  async function issue(): Promise<{ order: OrderCreated; created: PayCreated }> {
    const order = await freshOrder();
    let created = await payFrom(channel.userAgent, order, { pay_type: channel.payType });
    if (created.mode === 'oauth') {
      expect((await signInThrough(created)).status).toBe(302);
      created = await payFrom(channel.userAgent, order, { pay_type: channel.payType });
    }
    expect(created.mode).toBe(channel.mode);
    return { order, created };
  }
  const send = (n: { headers: Record<string, string>; body: string }) => deliver(t, channel.notifyPath, n);

  it('paid at the gateway: back to the result page, credited once by the signed notification', async () => {
    const { order, created } = await issue();
    const landed = await channel.browse(created);
    expect(landed.startsWith(`${GATEWAY_BASE_URL}/usercenter/payResult`)).toBe(true);
    // The return proves nothing: unpaid until the notification (or the provider's answer to a query).
    expect((await orderRow(t, order.out_trade_no)).status).toBe('paying');
    const res = await send(channel.notification(created.orderid));
    expect(res.statusCode).toBe(channel.okStatus);
    await expectCreditedOnce(order, created.orderid, channel.provider);
  });

  it('a tampered signature and a wrong amount are refused; nothing is credited', async () => {
    const { order, created } = await issue();
    await channel.browse(created);
    expect((await send(channel.notification(created.orderid, { badSignature: true }))).statusCode).toBe(400);
    await send(channel.notification(created.orderid, { amountFen: PRICE_FEN - 1 }));
    const row = await orderRow(t, order.out_trade_no);
    expect(row.status).toBe('paying');
    expect((await changesOf(t, buyerId)).filter((c) => c.order_id === row.id)).toHaveLength(0);
    // The refused one is kept without a trade (nothing in it is trusted); the mismatch against the attempt.
    const outcomes = (await eventsOfTrade(t, created.orderid)).map((e) => [e.verified, e.outcome]);
    expect(outcomes).toEqual([[1, 'amount_mismatch']]);
  });

  it('duplicate and out-of-order notifications: credited once, a late "not paid" changes nothing', async () => {
    const { order, created } = await issue();
    await channel.browse(created);
    const paid = channel.notification(created.orderid);
    const answers = await Promise.all([send(paid), send(paid), send(channel.notification(created.orderid))]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(3).fill(channel.okStatus));
    expect((await send(channel.notification(created.orderid, { unpaid: true }))).statusCode).toBe(
      channel.okStatus,
    );
    await expectCreditedOnce(order, created.orderid, channel.provider);
  });

  it('back without paying: pay/status says not paid, and the order may be paid again', async () => {
    const { order, created } = await issue();
    const landed = await channel.browse(created, true);
    expect(landed.startsWith(GATEWAY_BASE_URL)).toBe(true);
    await expectUnpaid(order);
    const again = await payFrom(channel.userAgent, order, { pay_type: channel.payType });
    expect(again.mode).toBe(channel.mode);
    expect((await attemptRow(t, created.orderid)).status).toBe('closed');
  });
});
