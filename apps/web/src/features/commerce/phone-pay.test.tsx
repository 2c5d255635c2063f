// The order page on a phone (docs/decisions.md "Payment channels by device", "On the page"): each way the server puts
// a payment before the payer, and 改用扫码支付.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMERCE_API, type JsapiParams, PAY_TYPE, type PayCreated } from '@uc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NARROW_QUERY, PHONE_QUERY } from '../../lib/ui/use-media-query';
import { mockApi, type Routes, requests } from '../../test/api';
import { stubMatchMedia } from '../../test/media';
import { renderApp, routerPath } from '../../test/render';
import { signIn } from '../../test/session';
import { leaveFor } from './model/leave-page';
import { TaocanDetailPage } from './taocan-detail-page';
import { orderFixture, shopRoutes } from './testing';

// The browser leaving for the provider is a page load, which jsdom cannot do: the tests see it asked for.
vi.mock('./model/leave-page', () => ({ leaveFor: vi.fn() }));
vi.mock('../../lib/session/session', () => ({ startSession: vi.fn() }));

const JSAPI: JsapiParams = {
  appId: 'wx0000000000000001',
  timeStamp: '1790000000',
  nonceStr: 'n0nce',
  package: 'prepay_id=wx2026112918000001',
  signType: 'RSA',
  paySign: 'c2lnbmVk',
};
const H5_URL = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1';
const OAUTH_URL =
  'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx0000000000000001&scope=snsapi_base';
const QR_URL = 'weixin://wxpay/bizpayurl?pr=abc';
const UNPAID = { status: false, order_status: 'paying', token: null } as const;

type Bridge = { invoke: ReturnType<typeof vi.fn> };

/** WeChat's bridge answering every sheet with `errMsg`. */
function installBridge(...answers: string[]): Bridge {
  const invoke = vi.fn(
    (_name: string, _params: JsapiParams, callback: (res: { err_msg: string }) => void) => {
      callback({ err_msg: answers.shift() ?? 'get_brand_wcpay_request:cancel' });
    },
  );
  const bridge = { invoke };
  Object.assign(window, { WeixinJSBridge: bridge });
  return bridge;
}

beforeEach(() => stubMatchMedia((query) => query === PHONE_QUERY || query === NARROW_QUERY));

afterEach(() => {
  stubMatchMedia(() => false);
  delete (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;
  window.sessionStorage.clear();
  vi.clearAllMocks();
});

const postsTo = (path: string) => requests('post', path).map((c) => c.body);

/** The order page answering 立即支付 with `created` (for the request's mode, when one is named). */
function answer(created: (body: Record<string, unknown>) => PayCreated, routes: Routes = {}) {
  mockApi(shopRoutes(), {
    get: { [COMMERCE_API.payStatus]: () => UNPAID, ...routes.get },
    post: { [COMMERCE_API.order]: () => orderFixture(), [COMMERCE_API.pay]: created, ...routes.post },
  });
}

async function openAndPay() {
  const user = userEvent.setup();
  renderApp(<TaocanDetailPage title="套餐详情" />, { at: '/taocandetail?gid=13&state=1&isRenew=1' });
  await screen.findByTestId('order-plan-name');
  await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
  await user.click(screen.getByRole('button', { name: '立即支付' }));
  return user;
}

const qrAnswer = { url: QR_URL, orderid: 'P1', mode: 'qr' } as const;

describe('the order page on a phone', () => {
  it('h5: sends the browser to the provider and keeps polling the order, then opens the success page', async () => {
    signIn();
    let paid = false;
    answer(() => ({ url: H5_URL, orderid: 'P1', mode: 'h5' }), {
      get: {
        [COMMERCE_API.payStatus]: () =>
          paid ? { status: true, order_status: 'paid', token: 'header.payload.signature' } : UNPAID,
      },
    });
    await openAndPay();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(H5_URL));
    // No mode named: the server picks from the device.
    expect(postsTo(COMMERCE_API.pay)[0]).not.toHaveProperty('mode');
    expect(await screen.findByTestId('pay-away')).toHaveTextContent('正在确认支付结果');
    expect(screen.getByRole('radio', { name: '2年' })).toBeDisabled();
    await waitFor(() =>
      expect(requests('get', COMMERCE_API.payStatus)[0]?.query).toEqual({ out_trade_no: 'T20261000001' }),
    );
    paid = true;
    await waitFor(() => expect(routerPath()).toBe('/paySuccess?state=true'), { timeout: 6_000 });
  });

  it('h5: back on the page after a reload, the attempt of the order shows and is polled again', async () => {
    signIn();
    answer(() => ({ url: H5_URL, orderid: 'P1', mode: 'h5' }));
    const first = await openAndPay();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    await screen.findByTestId('pay-away');
    await first.click(screen.getByRole('button', { name: '继续前往微信支付' }));
    expect(leaveFor).toHaveBeenLastCalledWith(H5_URL);
    // The member comes back with the back button to a page loaded anew.
    cleanup();
    renderApp(<TaocanDetailPage title="套餐详情" />, { at: '/taocandetail?gid=13&state=1&isRenew=1' });
    expect(await screen.findByTestId('pay-away')).toHaveTextContent('正在确认支付结果');
    const polled = requests('get', COMMERCE_API.payStatus).length;
    await waitFor(() => expect(requests('get', COMMERCE_API.payStatus).length).toBeGreaterThan(polled));
    expect(postsTo(COMMERCE_API.pay)).toHaveLength(1);
  });

  it('oauth: sends the browser to WeChat’s sign-in, and back on the page pays again and opens the sheet', async () => {
    signIn();
    const bridge = installBridge('get_brand_wcpay_request:ok');
    let signedIn = false;
    answer(() =>
      signedIn
        ? { url: '', orderid: 'P2', mode: 'jsapi', jsapi: JSAPI }
        : { url: OAUTH_URL, orderid: '', mode: 'oauth' },
    );
    await openAndPay();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(OAUTH_URL));
    expect(bridge.invoke).not.toHaveBeenCalled();
    // WeChat's sign-in comes back to the order page, loaded anew: it pays again without another tap.
    signedIn = true;
    cleanup();
    renderApp(<TaocanDetailPage title="套餐详情" />, { at: '/taocandetail?gid=13&state=1&isRenew=1' });
    await waitFor(() =>
      expect(bridge.invoke).toHaveBeenCalledWith('getBrandWCPayRequest', JSAPI, expect.any(Function)),
    );
    expect(postsTo(COMMERCE_API.pay)).toHaveLength(2);
    expect(postsTo(COMMERCE_API.pay)[1]).toMatchObject({
      pay_type: PAY_TYPE.wechat,
      out_trade_no: 'T20261000001',
    });
    await waitFor(() => expect(routerPath()).toBe('/payResult?out_trade_no=T20261000001'));
  });

  it('jsapi: opens the sheet with the signed parameters; paid, the result page asks the server', async () => {
    signIn();
    const bridge = installBridge('get_brand_wcpay_request:ok');
    answer(() => ({ url: '', orderid: 'P3', mode: 'jsapi', jsapi: JSAPI }));
    await openAndPay();
    await waitFor(() => expect(routerPath()).toBe('/payResult?out_trade_no=T20261000001'));
    expect(bridge.invoke).toHaveBeenCalledTimes(1);
    expect(bridge.invoke).toHaveBeenCalledWith('getBrandWCPayRequest', JSAPI, expect.any(Function));
  });

  it('jsapi: the sheet answering after the poll already left the page leads nowhere', async () => {
    signIn();
    // WeChat's sheet answers late: after the payment's poll moved the page on and the member went elsewhere.
    let answerSheet: () => void = () => {};
    const invoke = vi.fn(
      (_name: string, _params: JsapiParams, callback: (res: { err_msg: string }) => void) => {
        answerSheet = () => callback({ err_msg: 'get_brand_wcpay_request:ok' });
      },
    );
    Object.assign(window, { WeixinJSBridge: { invoke } });
    let paid = false;
    answer(() => ({ url: '', orderid: 'P3', mode: 'jsapi', jsapi: JSAPI }), {
      get: {
        [COMMERCE_API.payStatus]: () =>
          paid ? { status: true, order_status: 'paid', token: 'header.payload.signature' } : UNPAID,
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp(<TaocanDetailPage title="套餐详情" />, {
      path: '/taocandetail',
      at: '/taocandetail?gid=13&state=1&isRenew=1',
      routes: [{ path: '*', element: null }],
    });
    await screen.findByTestId('order-plan-name');
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '立即支付' }));
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    paid = true;
    await waitFor(() => expect(routerPath()).toBe('/payResult?out_trade_no=T20261000001'), {
      timeout: 6_000,
    });
    await router.navigate('/order/list');
    answerSheet();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(routerPath()).toBe('/order/list');
  });

  it('jsapi: waits for WeixinJSBridgeReady when the bridge is not there yet', async () => {
    signIn();
    answer(() => ({ url: '', orderid: 'P3', mode: 'jsapi', jsapi: JSAPI }));
    await openAndPay();
    expect(await screen.findByTestId('pay-sheet')).toHaveTextContent('正在打开微信支付');
    const bridge = installBridge('get_brand_wcpay_request:ok');
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    await waitFor(() => expect(routerPath()).toBe('/payResult?out_trade_no=T20261000001'));
    expect(bridge.invoke).toHaveBeenCalledWith('getBrandWCPayRequest', JSAPI, expect.any(Function));
  });

  it('jsapi outside WeChat (no bridge will come): opens the attempt’s page, when it has one, as H5 does', async () => {
    signIn();
    const page = 'http://127.0.0.1/api/ccw/goods/sandbox/pay/?trade_no=P3';
    answer(() => ({ url: page, orderid: 'P3', mode: 'jsapi', jsapi: JSAPI }));
    await openAndPay();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(page));
    expect(await screen.findByTestId('pay-away')).toBeInTheDocument();
  });

  it('jsapi: cancelled, says so and offers to pay again or by QR code', async () => {
    signIn();
    const bridge = installBridge('get_brand_wcpay_request:cancel', 'get_brand_wcpay_request:fail');
    answer((body) =>
      body.mode === 'qr' ? qrAnswer : { url: '', orderid: 'P3', mode: 'jsapi', jsapi: JSAPI },
    );
    const user = await openAndPay();
    const sheet = await screen.findByTestId('pay-sheet');
    await waitFor(() => expect(sheet).toHaveTextContent('您已取消支付，订单尚未支付'));
    expect(routerPath()).toBe('/taocandetail?gid=13&state=1&isRenew=1');
    await user.click(screen.getByRole('button', { name: '重新支付' }));
    await waitFor(() => expect(sheet).toHaveTextContent('微信支付未完成，请重新支付或改用扫码支付'));
    expect(bridge.invoke).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: /改用扫码支付/ }));
    expect(await screen.findByTestId('pay-qr')).toHaveTextContent('请使用微信扫码支付');
    expect(postsTo(COMMERCE_API.pay).at(-1)).toMatchObject({ mode: 'qr', pay_type: PAY_TYPE.wechat });
  });

  it('改用扫码支付 before paying names the QR code; a code only the app reads offers to pay on the phone', async () => {
    signIn();
    answer((body) => (body.mode === 'qr' ? qrAnswer : { url: H5_URL, orderid: 'P1', mode: 'h5' }));
    const user = userEvent.setup();
    renderApp(<TaocanDetailPage title="套餐详情" />, { at: '/taocandetail?gid=13&state=1&isRenew=1' });
    await screen.findByTestId('order-plan-name');
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: /改用扫码支付/ }));
    expect(await screen.findByTestId('pay-qr')).toBeInTheDocument();
    expect(postsTo(COMMERCE_API.pay)[0]).toMatchObject({ mode: 'qr' });
    expect(leaveFor).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /无法扫码/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '无法扫码？在本机完成支付' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(H5_URL));
    expect(postsTo(COMMERCE_API.pay)[1]).not.toHaveProperty('mode');
  });

  it('on a larger screen shows the QR code as before, without 改用扫码支付', async () => {
    stubMatchMedia(() => false);
    signIn();
    answer(() => qrAnswer);
    await openAndPay();
    expect(await screen.findByTestId('pay-qr')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /改用扫码支付/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /无法扫码/ })).not.toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
  });
});
