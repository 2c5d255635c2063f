// 订单 page: the list and its filter, the detail drawer's sections, 确认转账 and 退款 shown only to the roles that may
// (and what they send), and the 重复支付 tab refunding a payment made twice.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MSG,
  STAFF_API,
  STAFF_ORDERS_API,
  type StaffDoublePaid,
  type StaffOrder,
  type StaffOrderDetail,
  type StaffRole,
} from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { httpError, mockApi, requests } from '../../test/api';
import { renderConsole, sessionOf } from '../../test/render';

const NO = '20261127100000000001';
const DOUBLE = '20261127100000000002';

const order = (over: Partial<StaffOrder> = {}): StaffOrder => ({
  out_trade_no: NO,
  user_id: 42,
  username: 'acme01',
  mobile: '13800000000',
  gid: 12,
  plan_name: 'VIP高级版',
  count: 1,
  channel: 'transfer',
  amount: 6980,
  status: 'awaiting_transfer',
  owed: 0,
  paid_late: false,
  created_at: '2026-11-27T02:00:00.000Z',
  paid_at: null,
  pack_id: null,
  gift_id: null,
  ...over,
});

const detail = (over: Partial<StaffOrder> = {}, refundable: StaffOrderDetail['refundable'] = []) => ({
  order: {
    ...order(over),
    company_name: '某某科技有限公司',
    total: 6980,
    credit: 0,
    coupon: 0,
    late_time: '2026-11-27T02:30:00.000Z',
    expiry_before: null,
    expiry_after: null,
  },
  attempts: [
    {
      id: 1,
      seq: 1,
      trade_no: `${NO}001`,
      provider: 'transfer',
      channel: 'transfer',
      amount: 6980,
      status: 'open',
      provider_txn_id: null,
      created_at: '2026-11-27T02:00:00.000Z',
      paid_at: null,
      refunded: 0,
    },
  ],
  events: [],
  membership: null,
  refunds: [],
  refundable,
});

const doublePaid: StaffDoublePaid[] = [
  {
    order: order({ out_trade_no: DOUBLE, status: 'paid', channel: 'wechat', owed: 6980 }),
    attempts: [
      {
        attempt_id: 9,
        trade_no: `${DOUBLE}002`,
        provider: 'alipay',
        paid: 6980,
        refundable: 6980,
        paying: false,
        offline: false,
      },
    ],
  },
];

function routes(role: StaffRole, over: { confirm?: () => unknown } = {}) {
  mockApi({
    get: {
      [STAFF_API.me]: () => sessionOf(role),
      [STAFF_ORDERS_API.list]: () => ({ list: [order()], total: 1, page: 1, size: 20 }),
      [STAFF_ORDERS_API.doublePaid]: () => doublePaid,
      [STAFF_ORDERS_API.detail]: () => detail(),
    },
    post: {
      [STAFF_ORDERS_API.confirmTransfer]: over.confirm ?? (() => order({ status: 'paid' })),
      [STAFF_ORDERS_API.refund]: () => ({}),
    },
  });
}

describe('订单', () => {
  it('lists orders with their columns and sends the filter', async () => {
    routes('service');
    renderConsole('/orders');
    expect(await screen.findByText(NO)).toBeInTheDocument();
    expect(screen.getByText('acme01')).toBeInTheDocument();
    expect(screen.getByText('¥6980.00')).toBeInTheDocument();
    expect(screen.getAllByText('待转账').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('会员'), { target: { value: 'acme01' } });
    fireEvent.submit(screen.getByLabelText('会员').closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(requests('get', STAFF_ORDERS_API.list).at(-1)?.query).toEqual({
        member: 'acme01',
        page: '1',
        size: '20',
      }),
    );
  });

  it('发起支付: 未发起支付 asks for the orders nobody tried to pay', async () => {
    routes('service');
    renderConsole('/orders');
    expect(await screen.findByText(NO)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('发起支付'));
    await userEvent.click(await screen.findByTitle('未发起支付'));
    fireEvent.submit(screen.getByLabelText('会员').closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(requests('get', STAFF_ORDERS_API.list).at(-1)?.query).toEqual({
        tried: 'no',
        page: '1',
        size: '20',
      }),
    );
  });

  it('the detail drawer; 确认转账 hidden from a role without the permission', async () => {
    routes('service');
    renderConsole('/orders');
    fireEvent.click((await screen.findAllByText(/^详\s?情$/))[0] as HTMLElement);
    const drawer = (await screen.findByText(`订单详情 ${NO}`)).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('支付记录')).toBeInTheDocument();
    expect(within(drawer).getByText('渠道通知')).toBeInTheDocument();
    expect(within(drawer).getByText('会员变更')).toBeInTheDocument();
    expect(within(drawer).getByText('退款记录')).toBeInTheDocument();
    expect(within(drawer).queryByText('确认转账')).toBeNull();
    expect(within(drawer).queryByText(/^退\s?款$/, { selector: 'button span' })).toBeNull();
  });

  it('finance confirms a transfer with the amount and a reason; the refusal message is shown', async () => {
    routes('finance', { confirm: () => httpError(400, MSG.transferAmountMismatch) });
    renderConsole('/orders');
    fireEvent.click((await screen.findAllByText(/^详\s?情$/))[0] as HTMLElement);
    fireEvent.click(await screen.findByText('确认转账'));
    const modal = (await screen.findByText('确认转账到账')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(modal).getByLabelText('到账金额（元）'), { target: { value: '6979' } });
    fireEvent.change(within(modal).getByLabelText('备注（如银行回单号）'), { target: { value: '回单 123' } });
    fireEvent.click(within(modal).getByText('确认到账'));
    await waitFor(() =>
      expect(requests('post').at(-1)).toMatchObject({
        path: `/api/admin/orders/${NO}/confirm-transfer/`,
        body: { amount: '6979.00', reason: '回单 123' },
      }),
    );
    expect(await screen.findByText(MSG.transferAmountMismatch)).toBeInTheDocument();
  });

  it('重复支付: lists the payments owed back and refunds one with its amount by default', async () => {
    routes('finance');
    renderConsole('/orders');
    fireEvent.click(await screen.findByText('重复支付'));
    expect(await screen.findByText(DOUBLE)).toBeInTheDocument();
    fireEvent.click(screen.getByText(/^退\s?款$/, { selector: 'button span' }));
    const modal = (await screen.findByText('确认退款')).closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByLabelText('退款金额（元）')).toHaveValue('6980.00');
    fireEvent.change(within(modal).getByLabelText('退款原因'), { target: { value: '重复支付退款' } });
    fireEvent.click(within(modal).getByText('确认退款'));
    await waitFor(() =>
      expect(requests('post').at(-1)).toMatchObject({
        path: `/api/admin/orders/${DOUBLE}/refund/`,
        body: { amount: '6980.00', reason: '重复支付退款', attempt_id: 9 },
      }),
    );
  });

  it.each([
    ['finance', true],
    ['admin', true],
    ['ops', false],
    ['service', false],
  ] as const)(
    '%s: 导出 of the list and of 重复支付 shown only with orders.export (%s)',
    async (role, shown) => {
      routes(role);
      renderConsole('/orders');
      expect(await screen.findByText(NO)).toBeInTheDocument();
      const exportButtons = () => screen.queryAllByText(/^导\s?出$/, { selector: 'button span' });
      expect(exportButtons()).toHaveLength(shown ? 1 : 0);
      fireEvent.click(await screen.findByText('重复支付'));
      expect(await screen.findByText(DOUBLE)).toBeInTheDocument();
      expect(exportButtons().length > 0).toBe(shown);
    },
  );

  it('ops sees no 退款 in 重复支付', async () => {
    routes('ops');
    renderConsole('/orders');
    fireEvent.click(await screen.findByText('重复支付'));
    expect(await screen.findByText(DOUBLE)).toBeInTheDocument();
    expect(screen.queryByText(/^退\s?款$/, { selector: 'button span' })).toBeNull();
  });
});

describe('线下退款 of a transfer', () => {
  const paidByTransfer = () =>
    detail({ status: 'paid', paid_at: '2026-11-27T03:00:00.000Z' }, [
      {
        attempt_id: 1,
        trade_no: `${NO}001`,
        provider: 'transfer',
        paid: 6980,
        refundable: 5980,
        paying: true,
        offline: true,
      },
    ]);

  it('finance records the bank refund: amount (what is left by default), 流水号, date and reason', async () => {
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('finance'),
        [STAFF_ORDERS_API.list]: () => ({ list: [order({ status: 'paid' })], total: 1, page: 1, size: 20 }),
        [STAFF_ORDERS_API.doublePaid]: () => [],
        [STAFF_ORDERS_API.detail]: paidByTransfer,
      },
      post: { [STAFF_ORDERS_API.offlineRefund]: () => httpError(400, MSG.bankRefUsed) },
    });
    renderConsole('/orders');
    fireEvent.click((await screen.findAllByText(/^详\s?情$/))[0] as HTMLElement);
    const drawer = (await screen.findByText(`订单详情 ${NO}`)).closest('.ant-drawer') as HTMLElement;
    fireEvent.click(await within(drawer).findByText(/^退\s?款$/, { selector: 'button span' }));
    const modal = (await screen.findByText('登记线下退款')).closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText('实付 ¥6980.00，最多可退 ¥5980.00')).toBeInTheDocument();
    expect(within(modal).getByLabelText('退款金额（元）')).toHaveValue('5980.00');
    fireEvent.change(within(modal).getByLabelText('退款金额（元）'), { target: { value: '1000' } });
    fireEvent.change(within(modal).getByLabelText('银行流水号'), { target: { value: 'HX20261129001' } });
    fireEvent.change(within(modal).getByLabelText('退款日期'), { target: { value: '2026-11-28' } });
    fireEvent.change(within(modal).getByLabelText('退款原因'), { target: { value: '部分服务未使用' } });
    fireEvent.click(within(modal).getByText('登记退款'));
    await waitFor(() =>
      expect(requests('post').at(-1)).toMatchObject({
        path: `/api/admin/orders/${NO}/offline-refund/`,
        body: {
          amount: '1000.00',
          bank_ref: 'HX20261129001',
          refunded_on: '2026-11-28',
          reason: '部分服务未使用',
        },
      }),
    );
    // The server's refusal is shown as it says it.
    expect(await screen.findByText(MSG.bankRefUsed)).toBeInTheDocument();
  });

  it('a role without orders.refund sees no 退款 on a transfer order', async () => {
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('ops'),
        [STAFF_ORDERS_API.list]: () => ({ list: [order({ status: 'paid' })], total: 1, page: 1, size: 20 }),
        [STAFF_ORDERS_API.doublePaid]: () => [],
        [STAFF_ORDERS_API.detail]: paidByTransfer,
      },
    });
    renderConsole('/orders');
    fireEvent.click((await screen.findAllByText(/^详\s?情$/))[0] as HTMLElement);
    const drawer = (await screen.findByText(`订单详情 ${NO}`)).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('退款记录')).toBeInTheDocument();
    expect(within(drawer).queryByText(/^退\s?款$/, { selector: 'button span' })).toBeNull();
  });
});
