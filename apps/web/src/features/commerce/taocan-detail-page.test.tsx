import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMERCE_API, MSG, ORDER_CODE, PAY_TYPE } from '@uc/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session/session';
import { httpError, mockApi, type Routes, refuse, requests } from '../../test/api';
import { renderApp, routerPath } from '../../test/render';
import { signIn } from '../../test/session';
import { ApiOrderPage } from './api-order-page';
import { TaocanDetailPage } from './taocan-detail-page';
import { ORDER_COUPONS, orderFixture, shopRoutes, upgradeFixture, withCoupon } from './testing';

// The session has its own tests (lib/session): here it is enough that a paid order hands it the new token, without
// decoding a fake one or opening the push channel.
vi.mock('../../lib/session/session', () => ({ startSession: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

const answer = (routes: Routes, base?: Parameters<typeof shopRoutes>[0]) => mockApi(shopRoutes(base), routes);
const postsTo = (path: string) => requests('post', path).map((c) => c.body);

function renderDetail(path = '/taocandetail?gid=13&state=1&isRenew=1') {
  return renderApp(<TaocanDetailPage title="套餐详情" />, { at: path });
}

const PAID_TOKEN = 'header.payload.signature';

/** The payment's state: paying until `paid` says so, then paid with the new token. */
const payStatus = (paid: () => boolean) => () =>
  paid()
    ? { status: true, order_status: 'paid', token: PAID_TOKEN }
    : { status: false, order_status: 'paying', token: null };

async function agreeAndPay(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
  await user.click(screen.getByRole('button', { name: '立即支付' }));
}

describe('TaocanDetailPage', () => {
  it('creates the order on entry and shows the plan, both expiries, every price line and the final price', async () => {
    signIn();
    answer({ post: { [COMMERCE_API.order]: () => upgradeFixture() } });
    renderDetail('/taocandetail?gid=6&state=2&isRenew=0');
    expect(await screen.findByTestId('order-plan-name')).toHaveTextContent('至尊版');
    expect(postsTo(COMMERCE_API.order)).toEqual([{ gid: 6, count: 1 }]);
    expect(screen.getByTestId('current-expiry')).toHaveTextContent('2026-03-20');
    expect(screen.getByTestId('new-expiry')).toHaveTextContent('2027-03-20');
    const lines = screen.getByLabelText('价格明细');
    expect(lines).toHaveTextContent('至尊版 × 1年¥19800.00');
    expect(lines).toHaveTextContent('当前套餐剩余价值抵扣-¥666.30');
    expect(screen.getByTestId('final-price')).toHaveTextContent('¥19133.70');
    expect(screen.getByRole('link', { name: '《查策网会员服务协议》' })).toHaveAttribute(
      'href',
      '/usercenter/vipAgreement.html',
    );
    expect(screen.getByRole('timer')).toHaveTextContent(/剩余支付时间 (10:00|09:5\d)/);
    expect(screen.queryByText('仅支持开具普通电子发票')).not.toBeInTheDocument();
  });

  it('explains an upgrade: the new plan starts today, the unused days are credited', async () => {
    signIn();
    answer({
      post: {
        [COMMERCE_API.order]: () =>
          upgradeFixture({
            expired_time: '2027-06-20T00:00:00.000Z',
            new_expired_time: '2027-03-01T00:00:00.000Z',
          }),
      },
    });
    renderDetail('/taocandetail?gid=6&state=2&isRenew=0');
    // The new expiry may come before the current one: the note beside it says why.
    expect(await screen.findByTestId('new-expiry')).toHaveTextContent('2027-03-01');
    expect(screen.getByTestId('current-expiry')).toHaveTextContent('2027-06-20');
    expect(screen.getByTestId('switch-expiry-note')).toHaveTextContent(
      '升级后新套餐自今日起生效，不在当前到期时间上顺延',
    );
    expect(screen.getByTestId('switch-credit-note')).toHaveTextContent(
      '当前套餐剩余 19 天折算为 ¥666.30，已抵扣',
    );
  });

  it('notes the ordinary electronic invoice for plan 1', async () => {
    signIn({ level: 10 });
    answer({ post: { [COMMERCE_API.order]: () => orderFixture({ gid: 1, name: 'VIP地方版' }) } });
    renderDetail('/taocandetail?gid=1&state=2&isRenew=0');
    expect(await screen.findByText('仅支持开具普通电子发票')).toBeInTheDocument();
  });

  it('refuses to pay before the agreement is ticked', async () => {
    signIn();
    answer({ post: { [COMMERCE_API.order]: () => orderFixture() } });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: '立即支付' }));
    expect(await screen.findByText(MSG.agreementRequired)).toBeInTheDocument();
    expect(postsTo(COMMERCE_API.pay)).toHaveLength(0);
  });

  it('pays: shows the QR code, locks the quantity, polls, stores the new token and opens the success page', async () => {
    signIn();
    let paid = false;
    answer({
      get: {
        [COMMERCE_API.payStatus]: payStatus(() => paid),
      },
      post: {
        [COMMERCE_API.order]: () => orderFixture(),
        [COMMERCE_API.pay]: () => ({
          url: 'http://127.0.0.1/api/ccw/goods/sandbox/pay/?trade_no=1',
          orderid: '1',
          mode: 'qr',
        }),
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await screen.findByTestId('order-plan-name');
    await user.click(screen.getByRole('radio', { name: /支付宝支付/ }));
    await agreeAndPay(user);
    expect(await screen.findByTestId('pay-qr')).toHaveTextContent('请使用支付宝扫码支付 ¥6980.00');
    expect(postsTo(COMMERCE_API.pay)[0]).toEqual({
      gid: 13,
      out_trade_no: 'T20261000001',
      pay_type: PAY_TYPE.alipay,
      expired_time: '2026-03-20T00:00:00.000Z',
      finalPrice: 6980,
      count: 1,
    });
    expect(screen.getByRole('radio', { name: '2年' })).toBeDisabled();
    await waitFor(() =>
      expect(requests('get', COMMERCE_API.payStatus)[0]?.query).toEqual({ out_trade_no: 'T20261000001' }),
    );
    paid = true;
    await waitFor(() => expect(routerPath()).toBe('/paySuccess?state=true'), { timeout: 6_000 });
    expect(startSession).toHaveBeenCalledWith(PAID_TOKEN, false);
  });

  it('re-prices a new quantity and hides the QR code when the order is changed', async () => {
    signIn();
    answer({
      get: { [COMMERCE_API.payStatus]: () => ({ status: false, order_status: 'paying', token: null }) },
      post: {
        [COMMERCE_API.order]: (body) => orderFixture({ count: Number(body.count) }),
        [COMMERCE_API.pay]: () => ({ url: 'weixin://wxpay/bizpayurl?pr=abc', orderid: '1', mode: 'qr' }),
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await screen.findByTestId('order-plan-name');
    await agreeAndPay(user);
    expect(await screen.findByTestId('pay-qr')).toBeInTheDocument();
    // Not an http(s) payload: nothing to open in a window.
    expect(screen.queryByRole('link', { name: /无法扫码/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /修改订单/ }));
    expect(screen.queryByTestId('pay-qr')).not.toBeInTheDocument();
    await user.click(screen.getByText('2年'));
    await waitFor(() => expect(screen.getByTestId('final-price')).toHaveTextContent('¥13960.00'));
    expect(postsTo(COMMERCE_API.order).at(-1)).toEqual({ gid: 13, count: 2 });
    expect(screen.getByTestId('new-expiry')).toHaveTextContent('2028-03-20');
    // A renewal extends the current expiry: nothing to explain.
    expect(screen.queryByTestId('switch-expiry-note')).not.toBeInTheDocument();
    expect(screen.queryByTestId('switch-credit-note')).not.toBeInTheDocument();
  });

  it('opens at the quantity of the link, never below the order’s minimum', async () => {
    signIn();
    answer({
      post: {
        [COMMERCE_API.order]: (body) =>
          orderFixture({ count: Math.max(2, Number(body.count)), min_count: 2 }),
      },
    });
    renderDetail('/taocandetail?gid=13&state=1&isRenew=1&count=3');
    await waitFor(() =>
      expect(screen.getByText('3年').closest('.ant-segmented-item')).toHaveClass(
        'ant-segmented-item-selected',
      ),
    );
    expect(postsTo(COMMERCE_API.order)).toEqual([{ gid: 13, count: 3 }]);
    expect(screen.getByTestId('new-expiry')).toHaveTextContent('2029-03-20');
    expect(screen.getByRole('radio', { name: '1年' })).toBeDisabled();
  });

  it('starts the stepper at the tier already reached', async () => {
    signIn();
    answer({
      post: { [COMMERCE_API.order]: (body) => orderFixture({ count: Number(body.count), min_count: 2 }) },
    });
    renderDetail();
    await waitFor(() => expect(postsTo(COMMERCE_API.order).at(-1)).toEqual({ gid: 13, count: 2 }));
    expect(await screen.findByRole('radio', { name: '1年' })).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByText('2年').closest('.ant-segmented-item')).toHaveClass(
        'ant-segmented-item-selected',
      ),
    );
  });

  it('disables paying an order whose final price is negative, with the warning', async () => {
    signIn();
    answer({ post: { [COMMERCE_API.order]: () => orderFixture({ price: -120, credit: 7100 }) } });
    renderDetail('/taocandetail?gid=1&state=2&isRenew=0');
    expect(await screen.findByText(MSG.orderAbnormal)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即支付' })).toBeDisabled();
  });

  it('sends a member whose level already covers the plan back to the plans (20105), without a failure toast', async () => {
    signIn({ level: 60 });
    answer(
      {
        post: {
          [COMMERCE_API.order]: () => refuse(ORDER_CODE.planIncluded, MSG.planIncluded),
        },
      },
      { cusInfo: { gid: 6, level: 60 } },
    );
    renderDetail('/taocandetail?gid=13&state=2&isRenew=0');
    expect(await screen.findByText(MSG.planIncluded, { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(screen.getByText('您当前的会员等级已高于该套餐，无需购买')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回会员套餐' })).toHaveAttribute('href', '/vip/index');
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.orderCreateFailed)).not.toBeInTheDocument();
  });

  it('shows an order no quantity can price at 0 or more as abnormal (20102)', async () => {
    signIn();
    answer({
      post: {
        [COMMERCE_API.order]: () => refuse(ORDER_CODE.abnormal, MSG.orderAbnormal),
      },
    });
    renderDetail('/taocandetail?gid=1&state=2&isRenew=0');
    expect(await screen.findByText(MSG.orderAbnormal, { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回会员套餐' })).toHaveAttribute('href', '/vip/index');
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
  });

  it('says so when the order cannot be created', async () => {
    signIn();
    answer({
      post: {
        [COMMERCE_API.order]: () => refuse(ORDER_CODE.createFailed, MSG.orderCreateFailed),
      },
    });
    renderDetail();
    expect(
      await screen.findByText(MSG.orderCreateFailed, { selector: '.ant-result-title' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回会员套餐' })).toHaveAttribute('href', '/vip/index');
  });

  it('says so when a renewal has no current expiry', async () => {
    signIn();
    answer({ post: { [COMMERCE_API.order]: () => orderFixture({ expired_time: null }) } });
    renderDetail();
    expect(await screen.findAllByText(MSG.orderExpiryMissing)).not.toHaveLength(0);
  });

  it('reports a failed payment with the order message the server names', async () => {
    signIn();
    answer({
      post: {
        [COMMERCE_API.order]: () => orderFixture(),
        [COMMERCE_API.pay]: () => refuse(ORDER_CODE.payFailed, MSG.payFailed),
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await screen.findByTestId('order-plan-name');
    await agreeAndPay(user);
    expect(await screen.findByText(MSG.payFailed)).toBeInTheDocument();
    expect(screen.queryByTestId('pay-qr')).not.toBeInTheDocument();
  });

  it('reports a failing status check as a failed payment', async () => {
    signIn();
    answer({
      get: {
        [COMMERCE_API.payStatus]: () => refuse(500, '服务器错误'),
      },
      post: {
        [COMMERCE_API.order]: () => orderFixture(),
        [COMMERCE_API.pay]: () => ({ url: 'http://127.0.0.1/pay', orderid: '1', mode: 'qr' }),
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await screen.findByTestId('order-plan-name');
    await agreeAndPay(user);
    expect(await screen.findByText(MSG.payFailed)).toBeInTheDocument();
  });

  it('shows the bank details with the order number for the remark', async () => {
    signIn();
    answer({
      post: {
        [COMMERCE_API.order]: () => orderFixture(),
        [COMMERCE_API.transfer]: (body) => ({
          out_trade_no: body.out_trade_no,
          amount: 6980,
          bank_account_name: '深圳市查策网络信息技术有限公司',
          bank_name: '招商银行深圳分行营业部',
          bank_account_no: '755900000000000',
          remark: body.out_trade_no,
        }),
      },
    });
    const user = userEvent.setup();
    renderDetail();
    const ask = await screen.findByRole('button', { name: /获取对公转账信息/ });
    // The agreement gates the transfer as it gates 立即支付.
    await user.click(ask);
    expect(await screen.findByText(MSG.agreementRequired)).toBeInTheDocument();
    expect(postsTo(COMMERCE_API.transfer)).toHaveLength(0);
    expect(screen.queryByTestId('transfer-remark')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(ask);
    expect(await screen.findByTestId('transfer-remark')).toHaveTextContent('T20261000001');
    expect(postsTo(COMMERCE_API.transfer)).toEqual([{ out_trade_no: 'T20261000001' }]);
    expect(screen.getByText('招商银行深圳分行营业部')).toBeInTheDocument();
    expect(await screen.findByText('您已选择企业对公转账')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即支付' })).not.toBeInTheDocument();
  });

  it('goes back to the plans with the timeout warning when the countdown ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    signIn();
    answer({ post: { [COMMERCE_API.order]: () => orderFixture() } });
    renderDetail();
    await screen.findByTestId('order-plan-name');
    await act(async () => {
      vi.advanceTimersByTime(600_000);
    });
    await waitFor(() => expect(routerPath()).toBe('/vip/index'));
    expect(await screen.findByText(MSG.orderTimeout)).toBeInTheDocument();
  });

  it('shows the sub-account result to a sub-account', async () => {
    signIn({ level: 22, roles: ['sub'] });
    answer({});
    renderDetail();
    expect(await screen.findByText(MSG.subAccountNoPackages)).toBeInTheDocument();
    expect(postsTo(COMMERCE_API.order)).toHaveLength(0);
  });
});

describe('ApiOrderPage', () => {
  it('orders the API package with the calls per unit and goes to the API success page once paid', async () => {
    signIn();
    answer({
      get: { [COMMERCE_API.payStatus]: () => ({ status: true, order_status: 'paid', token: null }) },
      post: {
        [COMMERCE_API.order]: (body) =>
          orderFixture({
            gid: 14,
            name: 'API套餐',
            count: Number(body.count),
            price: 9800,
            new_expired_time: null,
          }),
        [COMMERCE_API.pay]: () => ({ url: 'http://127.0.0.1/pay', orderid: '1', mode: 'qr' }),
      },
    });
    const user = userEvent.setup();
    renderApp(<ApiOrderPage title="API套餐" />, { at: '/apiorder' });
    expect(await screen.findByTestId('api-calls')).toHaveTextContent('50,000 次 × 1 = 50,000 次');
    expect(postsTo(COMMERCE_API.order)[0]).toEqual({ gid: 14, count: 1 });
    expect(await screen.findByTestId('api-balance')).toHaveTextContent('暂未购买');
    await user.click(screen.getByText('3年'));
    await waitFor(() =>
      expect(screen.getByTestId('api-calls')).toHaveTextContent('50,000 次 × 3 = 150,000 次'),
    );
    await agreeAndPay(user);
    await waitFor(() => expect(routerPath()).toBe('/apiPaySuccess?state=true'));
    expect(startSession).not.toHaveBeenCalled();
  });
});

describe('ApiOrderPage balance and quantity', () => {
  it('shows the calls left and opens at the quantity of the link', async () => {
    signIn();
    answer({
      get: {
        [COMMERCE_API.surplus]: () => ({
          total: 50_000,
          used: 38_000,
          surplus: 12_000,
          expired_time: '2099-02-28T16:00:00.000Z',
        }),
      },
      post: {
        [COMMERCE_API.order]: (body) =>
          orderFixture({ gid: 14, name: 'API套餐', count: Number(body.count), new_expired_time: null }),
      },
    });
    renderApp(<ApiOrderPage />, { at: '/apiorder?gid=14&count=2' });
    expect(await screen.findByTestId('api-calls')).toHaveTextContent('50,000 次 × 2 = 100,000 次');
    expect(postsTo(COMMERCE_API.order)).toEqual([{ gid: 14, count: 2 }]);
    const facts = screen.getByText('当前剩余调用次数').closest('tr') as HTMLElement;
    expect(await within(facts).findByTestId('api-balance')).toHaveTextContent(
      '12,000 次 · 有效期至 2099-03-01',
    );
    expect(within(facts).getByRole('link', { name: '我的API' })).toHaveAttribute('href', '/api/keys');
    // One package for the four services.
    expect(screen.getByTestId('api-services')).toHaveTextContent(
      '政策源库、标准化政策库、资助公示查询（近2年）、高企评分',
    );
  });
});

describe('TaocanDetailPage coupons', () => {
  /** The order priced for the body's quantity and coupon (absent: the coupon the open order applies, `kept`). */
  const pricedWith =
    (kept = 0, coupons = ORDER_COUPONS) =>
    (body: Record<string, unknown>) =>
      withCoupon(orderFixture({ count: Number(body.count) }), Number(body.coupon ?? kept), coupons);

  const couponSelect = () => screen.getByRole('combobox', { name: '优惠券' });
  /** The open list's option of a coupon (or 不使用优惠券). */
  const option = async (name: string) =>
    (await screen.findByText(name, { selector: '.ant-select-item-option *' })).closest(
      '.ant-select-item-option',
    ) as HTMLElement;

  it('offers the coupons above the price lines, the others disabled with why, and reprices with the one chosen', async () => {
    signIn();
    answer({ post: { [COMMERCE_API.order]: pricedWith() } });
    const user = userEvent.setup();
    renderDetail();
    await screen.findByTestId('order-plan-name');
    // Entering sends no coupon: the open order keeps the one it applies.
    expect(postsTo(COMMERCE_API.order)).toEqual([{ gid: 13, count: 1 }]);
    expect(screen.getByTestId('coupon-hint')).toHaveTextContent('2 张可用');
    expect(screen.getByTestId('final-price')).toHaveTextContent('¥6980.00');

    await user.click(couponSelect());
    const other = await option('次数包代金券 · 立减50');
    expect(other).toHaveClass('ant-select-item-option-disabled');
    expect(other).toHaveTextContent(MSG.couponNotForGoods);
    expect(await option('新人满减券 · 满1000减200')).toHaveTextContent('-¥200.00');
    await user.click(await option('专业版8折券 · 8折 最高减1000'));

    await waitFor(() => expect(screen.getByTestId('final-price')).toHaveTextContent('¥5980.00'));
    expect(postsTo(COMMERCE_API.order).at(-1)).toEqual({ gid: 13, count: 1, coupon: 2 });
    expect(screen.getByLabelText('价格明细')).toHaveTextContent('优惠券（专业版8折券）-¥1000.00');
    expect(screen.queryByTestId('coupon-hint')).not.toBeInTheDocument();

    // A new quantity sends the coupon chosen again.
    await user.click(screen.getByText('2年'));
    await waitFor(() => expect(screen.getByTestId('final-price')).toHaveTextContent('¥12960.00'));
    expect(postsTo(COMMERCE_API.order).at(-1)).toEqual({ gid: 13, count: 2, coupon: 2 });

    await user.click(couponSelect());
    await user.click(await option('不使用优惠券'));
    await waitFor(() => expect(screen.getByTestId('final-price')).toHaveTextContent('¥13960.00'));
    expect(postsTo(COMMERCE_API.order).at(-1)).toEqual({ gid: 13, count: 2, coupon: 0 });
    expect(screen.queryByTestId('coupon-warning')).not.toBeInTheDocument();
  });

  it('shows the coupon the open order keeps, and says why a coupon chosen is not applied', async () => {
    signIn();
    // The coupon of 新人满减券 went to another order being paid meanwhile.
    const taken = ORDER_COUPONS.map((c) =>
      c.id === 1 ? { ...c, usable: false, discount: 0, reason: MSG.couponLocked } : c,
    );
    let coupons = ORDER_COUPONS;
    answer({ post: { [COMMERCE_API.order]: (body) => pricedWith(2, coupons)(body) } });
    const user = userEvent.setup();
    renderDetail();
    await waitFor(() => expect(couponSelect().closest('.ant-select')).toHaveTextContent('专业版8折券'));
    expect(screen.getByTestId('final-price')).toHaveTextContent('¥5980.00');
    coupons = taken;
    await user.click(couponSelect());
    await user.click(await option('新人满减券 · 满1000减200'));
    expect(await screen.findByTestId('coupon-warning')).toHaveTextContent(
      `所选优惠券未能使用：${MSG.couponLocked}`,
    );
    expect(postsTo(COMMERCE_API.order).at(-1)).toEqual({ gid: 13, count: 1, coupon: 1 });
    expect(screen.getByTestId('final-price')).toHaveTextContent('¥6980.00');
    expect(screen.getByTestId('coupon-hint')).toHaveTextContent('1 张可用');
  });

  it('locks the coupon while the QR code shows, and reprices when the pay call finds it taken', async () => {
    signIn();
    let taken = false;
    answer({
      get: { [COMMERCE_API.payStatus]: () => ({ status: false, order_status: 'paying', token: null }) },
      post: {
        [COMMERCE_API.order]: (body) =>
          pricedWith(
            2,
            taken
              ? ORDER_COUPONS.map((c) =>
                  c.id === 2 ? { ...c, usable: false, discount: 0, reason: MSG.couponUsed } : c,
                )
              : ORDER_COUPONS,
          )(body),
        [COMMERCE_API.pay]: () =>
          taken
            ? httpError(400, MSG.couponUnavailable)
            : { url: 'http://127.0.0.1/api/ccw/goods/sandbox/pay/?trade_no=1', orderid: '1', mode: 'qr' },
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await waitFor(() => expect(screen.getByTestId('final-price')).toHaveTextContent('¥5980.00'));
    await agreeAndPay(user);
    expect(await screen.findByTestId('pay-qr')).toHaveTextContent('请使用微信扫码支付 ¥5980.00');
    expect(couponSelect()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /修改订单/ }));
    expect(couponSelect()).toBeEnabled();

    taken = true;
    await user.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByText(MSG.couponUnavailable)).toBeInTheDocument();
    // The order is priced again with the coupon it held, and the selector says why it no longer applies.
    expect(await screen.findByTestId('coupon-warning')).toHaveTextContent(
      `所选优惠券未能使用：${MSG.couponUsed}`,
    );
    expect(postsTo(COMMERCE_API.order).at(-1)).toEqual({ gid: 13, count: 1, coupon: 2 });
    expect(screen.getByTestId('final-price')).toHaveTextContent('¥6980.00');
    expect(screen.queryByTestId('pay-qr')).not.toBeInTheDocument();
  });

  it('says 暂无可用优惠券 when the member holds none', async () => {
    signIn();
    answer({ post: { [COMMERCE_API.order]: () => orderFixture() } });
    renderDetail();
    await screen.findByTestId('order-plan-name');
    expect(couponSelect()).toBeDisabled();
    expect(couponSelect().closest('.ant-select')).toHaveTextContent('暂无可用优惠券');
    expect(screen.queryByTestId('coupon-hint')).not.toBeInTheDocument();
  });

  it('credits an order the coupon pays in full at once: no QR code, then the success page', async () => {
    signIn();
    const all: typeof ORDER_COUPONS = [{ ...ORDER_COUPONS[0]!, discount: 6980 }];
    let paid = false;
    answer({
      get: {
        [COMMERCE_API.payStatus]: payStatus(() => paid),
      },
      post: {
        [COMMERCE_API.order]: pricedWith(2, all),
        [COMMERCE_API.pay]: () => ({ url: '', orderid: '1', mode: 'qr' }),
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await waitFor(() => expect(screen.getByTestId('final-price')).toHaveTextContent('¥0.00'));
    await agreeAndPay(user);
    expect(await screen.findByTestId('pay-qr')).toHaveTextContent('无需支付，正在开通，请稍候…');
    expect(screen.queryByRole('img', { name: /支付二维码/ })).not.toBeInTheDocument();
    expect(postsTo(COMMERCE_API.pay)[0]).toEqual(expect.objectContaining({ finalPrice: 0 }));
    paid = true;
    await waitFor(() => expect(routerPath()).toBe('/paySuccess?state=true'), { timeout: 6_000 });
  });
});
