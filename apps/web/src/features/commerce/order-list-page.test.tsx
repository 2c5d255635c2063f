import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMERCE_API, type OrderListItem } from '@uc/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/http';
import { resetAuthStore } from '../../lib/session/auth-store';
import { OrderListPage } from './order-list-page';
import { location, mockHttp, renderPage, setMember } from './testing';

vi.mock('../../lib/http/http', () => ({ http: { get: vi.fn(), post: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
  resetAuthStore();
});

const row = (over: Partial<OrderListItem>): OrderListItem => ({
  out_trade_no: '20261123000000000001',
  gid: 13,
  name: 'VIP专业版',
  count: 1,
  total: 12800,
  credit: 0,
  price: 12800,
  status: 'paid',
  channel: 'wechat',
  created_at: '2026-11-23T06:00:00.000Z',
  paid_at: '2026-11-23T06:01:00.000Z',
  late_time: '2026-11-23T06:10:00.000Z',
  ...over,
});

const ORDERS = [
  row({ out_trade_no: '20261123000000000001' }),
  row({
    out_trade_no: '20261123000000000002',
    gid: 6,
    name: '至尊版',
    status: 'paying',
    credit: 666.3,
    price: 19133.7,
  }),
  row({
    out_trade_no: '20261123000000000003',
    gid: 14,
    name: 'API套餐',
    status: 'awaiting_transfer',
    channel: 'transfer',
  }),
];

describe('OrderListPage', () => {
  it('lists the orders with their status, continues a pending one and shows an awaiting transfer’s bank details', async () => {
    setMember();
    mockHttp({
      get: { [COMMERCE_API.orderList]: () => ({ list: ORDERS, total: 3, page: 1, size: 10 }) },
      post: {
        [COMMERCE_API.transfer]: (body) => ({
          out_trade_no: body.out_trade_no,
          amount: 2000,
          bank_account_name: '深圳市查策网络信息技术有限公司',
          bank_name: '招商银行深圳分行营业部',
          bank_account_no: '755900000000000',
          remark: body.out_trade_no,
        }),
      },
    });
    const user = userEvent.setup();
    renderPage(<OrderListPage title="我的订单" />, '/order/list');
    expect(await screen.findByText('20261123000000000001')).toBeInTheDocument();
    expect(screen.getAllByText('已支付').length).toBeGreaterThan(0);
    expect(screen.getByText('已抵扣 ¥666.30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '继续支付 20261123000000000002' })).toHaveAttribute(
      'href',
      '/taocandetail?gid=6&state=2&isRenew=0',
    );
    await user.click(screen.getByRole('button', { name: '查看转账信息 20261123000000000003' }));
    expect(await screen.findByTestId('transfer-remark')).toHaveTextContent('20261123000000000003');
    expect(http.post).toHaveBeenCalledWith(COMMERCE_API.transfer, { out_trade_no: '20261123000000000003' });
  });

  it('filters by status through the URL and shows 暂无数据 when empty', async () => {
    setMember();
    mockHttp({ get: { [COMMERCE_API.orderList]: () => ({ list: [], total: 0, page: 1, size: 10 }) } });
    const user = userEvent.setup();
    renderPage(<OrderListPage />, '/order/list');
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '待转账' }));
    await waitFor(() => expect(location()).toBe('/order/list?status=awaiting_transfer&page=1'));
    await waitFor(() =>
      expect(http.get).toHaveBeenLastCalledWith(COMMERCE_API.orderList, {
        params: { page: 1, size: 10, status: 'awaiting_transfer' },
      }),
    );
  });
});
