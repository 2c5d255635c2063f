// The phone's payment shapes at the providers, against the local gateways: WeChat Pay H5 (h5_url, the cashier, back to
// redirect_url), JSAPI (the sign-in's openid, prepay_id, the bridge parameters signed with the merchant key) and
// Alipay wap (the signed gateway address pageExecute makes, its cashier, return_url and quit_url).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlipayProvider } from '../../src/providers/payment/alipay.js';
import type { CreatePaymentInput, PaymentProvider } from '../../src/providers/payment/types.js';
import { createWechatProvider } from '../../src/providers/payment/wechat.js';
import { type FakeAlipay, startFakeAlipay } from '../support/fake-alipay.js';
import { type FakeWechatpay, startFakeWechatpay } from '../support/fake-wechatpay.js';

let wx: FakeWechatpay;
let ali: FakeAlipay;
let wechat: PaymentProvider;
let alipay: PaymentProvider;
let seq = 0;
const tradeNo = () => `SH${Date.now()}${++seq}`;
const RESULT = 'https://uc.example.com/usercenter/payResult?out_trade_no=UC1';

const input = (no: string, over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  tradeNo: no,
  amountFen: 1230,
  description: 'VIP高级版 × 1年',
  expiresAt: new Date(Date.now() + 3_600_000),
  notifyUrl: 'https://pay.example.com/api/ccw/goods/notify/wechat/',
  shape: 'h5',
  clientIp: '203.0.113.7',
  openid: null,
  returnUrl: RESULT,
  quitUrl: RESULT,
  ...over,
});

/** A browser's step that must redirect: where to. */
async function redirected(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(302);
  return response.headers.get('location') ?? '';
}
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

beforeAll(async () => {
  [wx, ali] = await Promise.all([startFakeWechatpay(), startFakeAlipay()]);
  wechat = createWechatProvider({ config: wx.config, now: () => new Date() });
  alipay = createAlipayProvider({ config: ali.config });
});
afterAll(async () => {
  await Promise.all([wx.close(), ali.close()]);
});

describe('WeChat Pay H5', () => {
  it('orders with scene_info and sends the browser to h5_url with redirect_url; the cashier pays and comes back', async () => {
    const no = tradeNo();
    const made = await wechat.createPayment(input(no));
    const trade = wx.trades.get(no);
    expect(trade).toMatchObject({ tradeType: 'MWEB', payerClientIp: '203.0.113.7', amountFen: 1230 });
    expect(wx.calls.at(-1)).toBe('POST /v3/pay/transactions/h5');
    expect(made.shape).toBe('h5');
    const url = new URL(made.url);
    expect(url.searchParams.get('prepay_id')).toBe(trade?.prepayId);
    expect(url.searchParams.get('redirect_url')).toBe(RESULT);
    const page = await fetch(made.url);
    expect(await page.text()).toContain('确认支付');
    const back = await redirected(
      await fetch(
        `${wx.url}/cgi-bin/mmpayweb-bin/pay`,
        form({ prepay_id: trade?.prepayId ?? '', redirect_url: RESULT, action: 'pay' }),
      ),
    );
    expect(back).toBe(RESULT);
    expect(await wechat.query(no)).toMatchObject({ state: 'paid', amountFen: 1230 });
  });

  it('leaving the cashier comes back unpaid', async () => {
    const no = tradeNo();
    await wechat.createPayment(input(no));
    const prepay = wx.trades.get(no)?.prepayId ?? '';
    const back = await redirected(
      await fetch(
        `${wx.url}/cgi-bin/mmpayweb-bin/pay`,
        form({ prepay_id: prepay, redirect_url: RESULT, action: 'leave' }),
      ),
    );
    expect(back).toBe(RESULT);
    expect((await wechat.query(no)).state).toBe('pending');
  });

  it('the gateway refuses an H5 order without the payer IP', async () => {
    await expect(wechat.createPayment(input(tradeNo(), { clientIp: '' }))).rejects.toThrow(/400 PARAM_ERROR/);
  });
});

describe('WeChat Pay JSAPI', () => {
  /** The sign-in as the browser goes through it: authorize redirects back with a code. */
  async function signIn(): Promise<string> {
    const signInApi = wechat.payerSignIn;
    if (!signInApi) throw new Error('no payer sign-in');
    const authorize = signInApi.authorizeUrl(
      'https://uc.example.com/api/ccw/goods/wechat/oauth/?to=%2Fx',
      'u1e2s3',
    );
    expect(authorize).toMatch(/scope=snsapi_base/);
    expect(authorize.endsWith('#wechat_redirect')).toBe(true);
    const back = new URL(await redirected(await fetch(authorize, { redirect: 'manual' })));
    expect(back.searchParams.get('state')).toBe('u1e2s3');
    expect(back.searchParams.get('to')).toBe('/x');
    return signInApi.openid(back.searchParams.get('code') ?? '');
  }

  it("signs in, orders for the payer's openid and signs the bridge parameters the sheet accepts", async () => {
    const openid = await signIn();
    const no = tradeNo();
    const made = await wechat.createPayment(input(no, { shape: 'jsapi', openid }));
    if (made.shape !== 'jsapi') throw new Error('not jsapi');
    const trade = wx.trades.get(no);
    expect(trade).toMatchObject({ tradeType: 'JSAPI', openid });
    expect(made.jsapi).toMatchObject({
      appId: wx.config.appid,
      package: `prepay_id=${trade?.prepayId}`,
      signType: 'RSA',
    });
    expect(wx.bridgePay(made.jsapi).state).toBe('SUCCESS');
    expect(await wechat.query(no)).toMatchObject({ state: 'paid' });
  });

  it('the sheet refuses tampered parameters; a code works once; an unknown openid is refused', async () => {
    const openid = await signIn();
    const no = tradeNo();
    const made = await wechat.createPayment(input(no, { shape: 'jsapi', openid }));
    if (made.shape !== 'jsapi') throw new Error('not jsapi');
    expect(() =>
      wx.bridgePay({ ...made.jsapi, timeStamp: String(Number(made.jsapi.timeStamp) + 1) }),
    ).toThrow(/paySign/);
    await expect(wechat.payerSignIn?.openid('nonsense')).rejects.toThrow(/40029/);
    await expect(
      wechat.createPayment(input(tradeNo(), { shape: 'jsapi', openid: 'oSomeoneElse' })),
    ).rejects.toThrow(/PARAM_ERROR/);
  });

  it('without the official account secret there is no sign-in and no jsapi', async () => {
    const plain = createWechatProvider({
      config: { ...wx.config, oauth: { ...wx.config.oauth, secret: '' } },
      now: () => new Date(),
    });
    expect(plain.payerSignIn).toBeUndefined();
    await expect(plain.createPayment(input(tradeNo(), { shape: 'jsapi', openid: 'o1' }))).rejects.toThrow(
      /sign-in/,
    );
  });
});

describe('Alipay wap', () => {
  it('makes the signed gateway address; the cashier pays and returns to return_url signed', async () => {
    const no = tradeNo();
    const made = await alipay.createPayment(
      input(no, { quitUrl: 'https://uc.example.com/usercenter/order' }),
    );
    expect(made.shape).toBe('h5');
    expect(made.url.startsWith(ali.url)).toBe(true);
    // Nothing reaches Alipay until the browser goes there.
    expect(ali.trades.has(no)).toBe(false);
    const page = await fetch(made.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('确认付款');
    expect(ali.requests.at(-1)).toMatchObject({ method: 'alipay.trade.wap.pay', return_url: RESULT });
    expect(JSON.parse(ali.requests.at(-1)?.biz_content ?? '{}')).toMatchObject({
      out_trade_no: no,
      total_amount: '12.30',
      product_code: 'QUICK_WAP_WAY',
      quit_url: 'https://uc.example.com/usercenter/order',
    });
    const back = new URL(
      await redirected(
        await fetch(
          `${ali.url.replace('/gateway.do', '')}/wap/pay`,
          form({ out_trade_no: no, action: 'pay' }),
        ),
      ),
    );
    // The page's own out_trade_no comes first; Alipay's (the attempt's trade number) after it.
    expect(`${back.origin}${back.pathname}`).toBe('https://uc.example.com/usercenter/payResult');
    expect(back.searchParams.getAll('out_trade_no')).toEqual(['UC1', no]);
    expect(back.searchParams.get('method')).toBe('alipay.trade.wap.pay.return');
    expect(back.searchParams.get('sign')).toBeTruthy();
    expect(await alipay.query(no)).toMatchObject({ state: 'paid', amountFen: 1230 });
  });

  it('leaving goes to quit_url unpaid; a tampered address is refused', async () => {
    const no = tradeNo();
    const made = await alipay.createPayment(
      input(no, { quitUrl: 'https://uc.example.com/usercenter/order' }),
    );
    await fetch(made.url);
    const back = await redirected(
      await fetch(
        `${ali.url.replace('/gateway.do', '')}/wap/pay`,
        form({ out_trade_no: no, action: 'quit' }),
      ),
    );
    expect(back).toBe('https://uc.example.com/usercenter/order');
    expect((await alipay.query(no)).state).toBe('pending');
    const other = await alipay.createPayment(input(tradeNo()));
    const tampered = other.url.replace(encodeURIComponent('"12.30"'), encodeURIComponent('"0.01"'));
    expect(tampered).not.toBe(other.url);
    const refused = await fetch(tampered);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('验签出错');
  });

  it('has no jsapi', async () => {
    await expect(alipay.createPayment(input(tradeNo(), { shape: 'jsapi' }))).rejects.toThrow(/no jsapi/);
  });
});
