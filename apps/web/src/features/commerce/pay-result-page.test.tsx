import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMERCE_API, fillPath, type PayStatus } from '@uc/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session/session';
import { mockApi, refuse, requests } from '../../test/api';
import { renderApp, routerPath } from '../../test/render';
import { signIn } from '../../test/session';
import { RESULT_CHECKS } from './api/get-pay-status';
import { rememberAway } from './model/away-attempt';
import { PayResultPage } from './pay-result-page';
import { orderDetailFixture, shopRoutes } from './testing';

vi.mock('../../lib/session/session', () => ({ startSession: vi.fn() }));

afterEach(() => {
  window.sessionStorage.clear();
  vi.clearAllMocks();
});

const NO = 'T20261000001';
const UNPAID: PayStatus = { status: false, order_status: 'paying', token: null };
const PAID: PayStatus = { status: true, order_status: 'paid', token: 'header.payload.signature' };

function answer(status: () => unknown, detail = orderDetailFixture()) {
  mockApi(shopRoutes(), {
    get: {
      [COMMERCE_API.payStatus]: status,
      [fillPath(COMMERCE_API.orderDetail, NO)]: () => detail,
    },
  });
}

// The provider's redirect adds its own parameters: the page reads the order number alone and asks the server.
const AT = `/payResult?out_trade_no=${NO}&trade_status=TRADE_SUCCESS&sign=forged`;

describe('PayResultPage', () => {
  it('asks the server; paid, says 支付成功 with the way on and stores the new token', async () => {
    signIn();
    let checks = 0;
    answer(() => (++checks >= 2 ? PAID : UNPAID), orderDetailFixture({ status: 'paid', payable: false }));
    renderApp(<PayResultPage />, { at: AT });
    expect(screen.getByTestId('pay-result-checking')).toHaveTextContent('正在确认支付结果');
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    expect(requests('get', COMMERCE_API.payStatus).map((c) => c.query)).toEqual([
      { out_trade_no: NO },
      { out_trade_no: NO },
    ]);
    expect(startSession).toHaveBeenCalledWith(PAID.token, false);
    expect(screen.getByRole('link', { name: '查看开通结果' })).toHaveAttribute(
      'href',
      '/paySuccess?state=true',
    );
    expect(screen.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/order/list');
  });

  it('leads a paid order of credits to 我的工具', async () => {
    signIn();
    answer(
      () => PAID,
      orderDetailFixture({
        gid: 15,
        name: '高企评测次数',
        status: 'paid',
        payable: false,
        pack: { id: 2, tool: 'hts_score', tool_name: '高企评测', uses: 10 },
      }),
    );
    renderApp(<PayResultPage />, { at: AT });
    expect(await screen.findByRole('link', { name: '查看我的工具' })).toHaveAttribute(
      'href',
      '/tools/mine?paid=hts_score',
    );
  });

  it('not paid after its checks: 支付未完成, 重新支付 opens the order page of that order', async () => {
    signIn();
    answer(() => UNPAID);
    const user = userEvent.setup();
    renderApp(<PayResultPage />, { at: AT });
    expect(await screen.findByText('支付未完成')).toBeInTheDocument();
    expect(requests('get', COMMERCE_API.payStatus)).toHaveLength(RESULT_CHECKS);
    expect(startSession).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/order/list');
    await user.click(screen.getByRole('link', { name: '重新支付' }));
    // The member's own plan renews on its detail page, at the order's quantity.
    await waitFor(() => expect(routerPath()).toBe('/taocandetail?gid=13&state=1&isRenew=1&count=1'));
  });

  it('an order that can no longer be paid: 支付未完成 at once, without 重新支付', async () => {
    signIn();
    answer(
      () => ({ status: false, order_status: 'closed', token: null }),
      orderDetailFixture({ status: 'closed', payable: false }),
    );
    renderApp(<PayResultPage />, { at: AT });
    expect(await screen.findByText('支付未完成')).toBeInTheDocument();
    expect(requests('get', COMMERCE_API.payStatus)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: '重新支付' })).not.toBeInTheDocument();
  });

  it('back from WeChat’s sign-in here rather than on the order page: opens the order page, which pays again', async () => {
    signIn();
    rememberAway({ outTradeNo: NO, gid: 13, payType: 1, mode: 'oauth', url: 'https://open.weixin.qq.com/' });
    answer(() => UNPAID);
    renderApp(<PayResultPage />, { at: `/payResult?out_trade_no=${NO}` });
    await waitFor(() => expect(routerPath()).toBe('/taocandetail?gid=13&state=1&isRenew=1&count=1'));
    expect(screen.queryByText('支付未完成')).not.toBeInTheDocument();
  });

  it('a failed check says why and asks again', async () => {
    signIn();
    let fail = true;
    answer(() => (fail ? refuse(500, '服务器错误') : PAID), orderDetailFixture({ status: 'paid' }));
    const user = userEvent.setup();
    renderApp(<PayResultPage />, { at: AT });
    expect(await screen.findByText('服务器错误')).toBeInTheDocument();
    expect(screen.queryByText('支付成功')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
  });
});
