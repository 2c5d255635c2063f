import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  COMMERCE_API,
  fillPath,
  INVOICE_API,
  MSG,
  ORDER_CLOSE_REASON_TEXT,
  type OrderDetail,
  type OrderListItem,
} from '@uc/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '../../lib/ui/use-media-query';
import { httpError, mockApi, type Routes, requests } from '../../test/api';
import { dialogTitled } from '../../test/dialogs';
import { stubMatchMedia } from '../../test/media';
import { renderApp, routerPath } from '../../test/render';
import { signIn } from '../../test/session';
import { OrderListPage } from './order-list-page';
import { shopRoutes } from './testing';

const answer = (routes: Routes) => mockApi(shopRoutes(), routes);

const wideMatchMedia = window.matchMedia;

afterEach(() => {
  window.matchMedia = wideMatchMedia;
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
  closed_reason: null,
  channel: 'wechat',
  created_at: '2026-11-23T06:00:00.000Z',
  paid_at: '2026-11-23T06:01:00.000Z',
  late_time: '2026-11-23T06:10:00.000Z',
  payable: false,
  refund: 0,
  pack: null,
  gift: null,
  coupon: 0,
  coupon_name: null,
  invoice: null,
  invoiceable: false,
  plain_invoice_only: false,
  ...over,
});

const ORDERS = [
  row({ out_trade_no: '20261123000000000001' }),
  row({
    out_trade_no: '20261123000000000002',
    gid: 6,
    name: '至尊版',
    count: 2,
    status: 'paying',
    credit: 666.3,
    price: 19133.7,
    payable: true,
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
    signIn();
    answer({
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
    renderApp(<OrderListPage title="我的订单" />, { at: '/order/list' });
    expect(await screen.findByText('20261123000000000001')).toBeInTheDocument();
    expect(screen.getAllByText('已支付').length).toBeGreaterThan(0);
    expect(screen.getByText('已抵扣 ¥666.30')).toBeInTheDocument();
    // 继续支付 resumes the order at its quantity.
    expect(screen.getByRole('link', { name: '继续支付 20261123000000000002' })).toHaveAttribute(
      'href',
      '/taocandetail?gid=6&state=2&isRenew=0&count=2',
    );
    await user.click(screen.getByRole('button', { name: '查看转账信息 20261123000000000003' }));
    expect(await screen.findByTestId('transfer-remark')).toHaveTextContent('20261123000000000003');
    expect(requests('post', COMMERCE_API.transfer).map((c) => c.body)).toEqual([
      { out_trade_no: '20261123000000000003' },
    ]);
  });

  it('offers 继续支付 only for the orders the server calls payable', async () => {
    signIn();
    answer({
      get: {
        [COMMERCE_API.orderList]: () => ({
          list: [
            // Open, but no longer payable (a plan the member outgrew, or a price below 0).
            row({ out_trade_no: '20261123000000000011', status: 'created', paid_at: null, channel: null }),
            row({
              out_trade_no: '20261123000000000012',
              gid: 14,
              name: 'API套餐',
              count: 3,
              status: 'created',
              paid_at: null,
              channel: null,
              payable: true,
            }),
          ],
          total: 2,
          page: 1,
          size: 10,
        }),
      },
    });
    renderApp(<OrderListPage />, { at: '/order/list?status=pending' });
    expect(await screen.findByText('20261123000000000011')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '继续支付 20261123000000000011' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '继续支付 20261123000000000012' })).toHaveAttribute(
      'href',
      '/apiorder?gid=14&count=3',
    );
    expect(screen.getAllByRole('link', { name: /继续支付/ })).toHaveLength(1);
  });

  it('marks money owed back as 待退款, in the table and on the phone cards', async () => {
    signIn();
    const orders = [
      row({ out_trade_no: '20261123000000000021', refund: 12800 }),
      row({ out_trade_no: '20261123000000000022' }),
    ];
    answer({ get: { [COMMERCE_API.orderList]: () => ({ list: orders, total: 2, page: 1, size: 10 }) } });
    const { unmount } = renderApp(<OrderListPage />, { at: '/order/list' });
    const owed = (await screen.findByText('20261123000000000021')).closest('tr') as HTMLElement;
    expect(within(owed).getByText('待退款 ¥12800.00')).toBeInTheDocument();
    const plain = screen.getByText('20261123000000000022').closest('tr') as HTMLElement;
    expect(within(plain).queryByText(/待退款/)).not.toBeInTheDocument();
    unmount();

    // A 390 px phone: only the phone query matches.
    stubMatchMedia((query) => query === PHONE_QUERY);
    renderApp(<OrderListPage />, { at: '/order/list' });
    const cards = within(await screen.findByRole('list', { name: '订单列表' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('待退款 ¥12800.00')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText(/待退款/)).not.toBeInTheDocument();
  });

  it('says why a 已关闭 order was closed, in the table and on the phone cards', async () => {
    signIn();
    const orders = [
      row({
        out_trade_no: '20261123000000000041',
        status: 'closed',
        closed_reason: 'superseded',
        paid_at: null,
        channel: null,
      }),
      row({ out_trade_no: '20261123000000000042', status: 'expired', paid_at: null, channel: null }),
    ];
    answer({ get: { [COMMERCE_API.orderList]: () => ({ list: orders, total: 2, page: 1, size: 10 }) } });
    const { unmount } = renderApp(<OrderListPage />, { at: '/order/list' });
    const closed = (await screen.findByText('20261123000000000041')).closest('tr') as HTMLElement;
    expect(within(closed).getByText('已关闭')).toBeInTheDocument();
    expect(within(closed).getByText(ORDER_CLOSE_REASON_TEXT.superseded)).toBeInTheDocument();
    const expired = screen.getByText('20261123000000000042').closest('tr') as HTMLElement;
    expect(within(expired).queryByText(ORDER_CLOSE_REASON_TEXT.superseded)).not.toBeInTheDocument();
    unmount();

    stubMatchMedia((query) => query === PHONE_QUERY);
    renderApp(<OrderListPage />, { at: '/order/list' });
    const cards = within(await screen.findByRole('list', { name: '订单列表' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText(ORDER_CLOSE_REASON_TEXT.superseded)).toBeInTheDocument();
    expect(within(cards[1]!).queryByText(ORDER_CLOSE_REASON_TEXT.superseded)).not.toBeInTheDocument();
  });

  it('notes what a coupon took off under the amount, in the table, on the phone cards and in the detail', async () => {
    signIn();
    const withCoupon = row({
      out_trade_no: '20261123000000000041',
      coupon: 200,
      coupon_name: '新人满减券',
      price: 12600,
    });
    const orders = [withCoupon, row({ out_trade_no: '20261123000000000042' })];
    answer({
      get: {
        [COMMERCE_API.orderList]: () => ({ list: orders, total: 2, page: 1, size: 10 }),
        [fillPath(COMMERCE_API.orderDetail, withCoupon.out_trade_no)]: () => ({
          ...withCoupon,
          attempts: [],
          change: null,
          grant: null,
          refunds: [],
          kept: 0,
        }),
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderApp(<OrderListPage />, { at: '/order/list' });
    const used = (await screen.findByText('20261123000000000041')).closest('tr') as HTMLElement;
    expect(within(used).getByText('已优惠 ¥200.00')).toBeInTheDocument();
    const plain = screen.getByText('20261123000000000042').closest('tr') as HTMLElement;
    expect(within(plain).queryByText(/已优惠/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '订单详情 20261123000000000041' }));
    const order = within(await screen.findByTestId('order-detail')).getByRole('region', { name: '订单信息' });
    expect(await within(order).findByText('-¥200.00（新人满减券）')).toBeInTheDocument();
    // A question about the order: 提交工单 with the order, the page and the category.
    expect(
      within(screen.getByTestId('order-detail')).getByRole('link', { name: /提交工单/ }),
    ).toHaveAttribute(
      'href',
      '/ticket/new?from=%2Forder%2Flist&order_no=20261123000000000041&category=payment',
    );
    unmount();

    stubMatchMedia((query) => query === PHONE_QUERY);
    renderApp(<OrderListPage />, { at: '/order/list' });
    const cards = within(await screen.findByRole('list', { name: '订单列表' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('已优惠 ¥200.00')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText(/已优惠/)).not.toBeInTheDocument();
  });

  it('filters by status through the URL and shows 暂无数据 when empty', async () => {
    signIn();
    answer({ get: { [COMMERCE_API.orderList]: () => ({ list: [], total: 0, page: 1, size: 10 }) } });
    const user = userEvent.setup();
    renderApp(<OrderListPage />, { at: '/order/list' });
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '待转账' }));
    await waitFor(() => expect(routerPath()).toBe('/order/list?status=awaiting_transfer&page=1'));
    await waitFor(() =>
      expect(requests('get', COMMERCE_API.orderList).at(-1)?.query).toEqual({
        page: '1',
        size: '10',
        status: 'awaiting_transfer',
      }),
    );
  });

  it('opens an order’s detail: its amounts, each payment attempt and what crediting it changed', async () => {
    signIn();
    const paid = row({ out_trade_no: '20261123000000000031', credit: 666.3, price: 12133.7 });
    const detail: OrderDetail = {
      ...paid,
      attempts: [
        {
          seq: 1,
          channel: 'alipay',
          amount: 12133.7,
          status: 'closed',
          created_at: '2026-11-23T05:58:00.000Z',
          paid_at: null,
        },
        {
          seq: 2,
          channel: 'wechat',
          amount: 12133.7,
          status: 'paid',
          created_at: '2026-11-23T06:00:00.000Z',
          paid_at: '2026-11-23T06:01:00.000Z',
        },
      ],
      change: {
        kind: 'switch',
        gid_before: 5,
        gid_after: 13,
        level_before: 21,
        level_after: 22,
        expiry_before: '2027-03-01T00:00:00.000Z',
        expiry_after: '2027-11-23T06:01:00.000Z',
        api_calls_added: 0,
        created_at: '2026-11-23T06:01:00.000Z',
      },
      grant: null,
      refunds: [
        {
          amount: 1000,
          channel: 'wechat',
          by_bank: false,
          status: 'succeeded',
          whole: false,
          created_at: '2026-11-24T02:00:00.000Z',
          settled_at: '2026-11-24T02:05:00.000Z',
        },
        {
          amount: 500,
          channel: 'wechat',
          by_bank: false,
          status: 'pending',
          whole: false,
          created_at: '2026-11-25T02:00:00.000Z',
          settled_at: null,
        },
      ],
      kept: 11133.7,
    };
    const unknown = row({ out_trade_no: '20261123000000000032' });
    answer({
      get: {
        [COMMERCE_API.orderList]: () => ({ list: [paid, unknown], total: 2, page: 1, size: 10 }),
        [fillPath(COMMERCE_API.orderDetail, paid.out_trade_no)]: () => detail,
        [fillPath(COMMERCE_API.orderDetail, unknown.out_trade_no)]: () => httpError(404, '资源不存在'),
      },
    });
    const user = userEvent.setup();
    renderApp(<OrderListPage />, { at: '/order/list' });
    await user.click(await screen.findByRole('button', { name: '订单详情 20261123000000000031' }));
    const drawer = await screen.findByTestId('order-detail');
    const order = within(drawer).getByRole('region', { name: '订单信息' });
    expect(await within(order).findByText('-¥666.30')).toBeInTheDocument();
    expect(within(order).getByText('¥12133.70')).toBeInTheDocument();
    const attempts = within(within(drawer).getByRole('region', { name: '支付记录' })).getAllByRole(
      'listitem',
    );
    expect(attempts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('第 1 次 · 支付宝支付 · 已关闭'),
      expect.stringContaining('第 2 次 · 微信支付 · 已支付'),
    ]);
    // 退款记录: each refund with its way back and state, and what the payment still holds.
    const refunds = within(drawer).getByRole('region', { name: '退款记录' });
    expect(
      within(refunds)
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual([
      expect.stringMatching(
        /部分退款 · 原路退回微信支付 · 已退回.*申请时间：2026-11-24 10:00，退回时间：2026-11-24 10:05/,
      ),
      expect.stringMatching(/部分退款 · 原路退回微信支付 · 退款中.*申请时间：2026-11-25 10:00¥500.00$/),
    ]);
    expect(within(refunds).getByText('扣除退款后实付：¥11133.70')).toBeInTheDocument();
    const change = within(drawer).getByRole('region', { name: '开通结果' });
    expect(within(change).getByText('升级')).toBeInTheDocument();
    expect(within(change).getByText('2027-03-01 → 2027-11-23')).toBeInTheDocument();

    // A detail the server refuses shows its error in the drawer, with a retry.
    await user.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
    await user.click(screen.getByRole('button', { name: '订单详情 20261123000000000032' }));
    expect(await screen.findByRole('button', { name: /重\s*试|重新加载/ })).toBeInTheDocument();
  });
});

describe('OrderListPage invoices', () => {
  const TAX_NO = '91440300MA5FJQ6X39';
  const open = row({ out_trade_no: '20261127000000000051', invoiceable: true });
  const pending = row({ out_trade_no: '20261127000000000052', invoice: { id: 8, status: 'pending' } });
  const issued = row({ out_trade_no: '20261127000000000053', invoice: { id: 9, status: 'issued' } });
  const unpaid = row({
    out_trade_no: '20261127000000000054',
    status: 'created',
    paid_at: null,
    channel: null,
  });
  /** The table's row of an order (the number may show in a dialog too). */
  const rowOf = async (no: string) =>
    (await screen.findAllByText(no)).map((cell) => cell.closest('tr')).find(Boolean) as HTMLElement;

  it('offers 申请发票 on an invoiceable order, shows the others’ invoice state and 下载发票 once issued', async () => {
    signIn();
    answer({
      get: {
        [COMMERCE_API.orderList]: () => ({
          list: [open, pending, issued, unpaid],
          total: 4,
          page: 1,
          size: 10,
        }),
      },
    });
    renderApp(<OrderListPage />, { at: '/order/list' });
    const first = await rowOf(open.out_trade_no);
    expect(within(first).getByRole('button', { name: `申请发票 ${open.out_trade_no}` })).toBeInTheDocument();
    expect(within(first).queryByText(/^发票/)).not.toBeInTheDocument();
    const asked = await rowOf(pending.out_trade_no);
    expect(within(asked).getByText('发票申请中')).toBeInTheDocument();
    expect(within(asked).queryByRole('button', { name: /申请发票|下载发票/ })).not.toBeInTheDocument();
    const done = await rowOf(issued.out_trade_no);
    expect(within(done).getByText('发票已开具')).toBeInTheDocument();
    expect(within(done).getByRole('button', { name: `下载发票 ${issued.out_trade_no}` })).toBeInTheDocument();
    const notPaid = await rowOf(unpaid.out_trade_no);
    expect(within(notPaid).queryByRole('button', { name: /发票/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /下载发票/ })).toHaveLength(1);
  });

  it('applies from the row: the list is read again and shows the request', async () => {
    signIn();
    let applied = false;
    answer({
      get: {
        [COMMERCE_API.orderList]: () => ({
          list: [applied ? { ...open, invoiceable: false, invoice: { id: 10, status: 'pending' } } : open],
          total: 1,
          page: 1,
          size: 10,
        }),
        [INVOICE_API.titles]: () => [],
      },
      post: {
        [INVOICE_API.apply]: () => {
          applied = true;
          return {};
        },
      },
    });
    const user = userEvent.setup();
    renderApp(<OrderListPage />, { at: '/order/list' });
    await user.click(await screen.findByRole('button', { name: `申请发票 ${open.out_trade_no}` }));
    const dialog = await dialogTitled('申请发票');
    await user.type(within(dialog).getByLabelText('发票抬头'), '深圳市前海智汇科技有限公司');
    await user.type(within(dialog).getByLabelText('纳税人识别号'), TAX_NO);
    await user.type(within(dialog).getByLabelText('接收邮箱'), 'finance@example.com');
    await user.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    expect(await screen.findByText(MSG.invoiceApplySuccess)).toBeInTheDocument();
    expect(requests('post', INVOICE_API.apply)[0]?.body).toMatchObject({
      out_trade_no: open.out_trade_no,
      tax_no: TAX_NO,
    });
    const updated = await rowOf(open.out_trade_no);
    expect(await within(updated).findByText('发票申请中')).toBeInTheDocument();
    expect(within(updated).queryByRole('button', { name: /申请发票/ })).not.toBeInTheDocument();
  });

  it('shows the invoice on the phone cards and in the detail, where 申请发票 opens the dialog', async () => {
    signIn();
    answer({
      get: {
        [COMMERCE_API.orderList]: () => ({ list: [open, issued], total: 2, page: 1, size: 10 }),
        [fillPath(COMMERCE_API.orderDetail, open.out_trade_no)]: () => ({
          ...open,
          attempts: [],
          change: null,
          grant: null,
          refunds: [],
          kept: 0,
        }),
        [fillPath(COMMERCE_API.orderDetail, issued.out_trade_no)]: () => ({
          ...issued,
          attempts: [],
          change: null,
          grant: null,
          refunds: [],
          kept: 0,
        }),
        [INVOICE_API.titles]: () => [],
      },
    });
    stubMatchMedia((query) => query === PHONE_QUERY);
    const user = userEvent.setup();
    renderApp(<OrderListPage />, { at: '/order/list' });
    const cards = within(await screen.findByRole('list', { name: '订单列表' })).getAllByRole('listitem');
    expect(
      within(cards[0]!).getByRole('button', { name: `申请发票 ${open.out_trade_no}` }),
    ).toBeInTheDocument();
    expect(within(cards[1]!).getByText('发票已开具')).toBeInTheDocument();
    expect(
      within(cards[1]!).getByRole('button', { name: `下载发票 ${issued.out_trade_no}` }),
    ).toBeInTheDocument();

    await user.click(within(cards[1]!).getByRole('button', { name: `订单详情 ${issued.out_trade_no}` }));
    let order = within(await screen.findByTestId('order-detail')).getByRole('region', { name: '订单信息' });
    expect(await within(order).findByText('已开具')).toBeInTheDocument();
    expect(
      within(order).getByRole('button', { name: `下载发票 ${issued.out_trade_no}` }),
    ).toBeInTheDocument();
    await user.click(within(screen.getByTestId('order-detail')).getByRole('button', { name: /close|关闭/i }));

    await user.click(within(cards[0]!).getByRole('button', { name: `订单详情 ${open.out_trade_no}` }));
    order = within(await screen.findByTestId('order-detail')).getByRole('region', { name: '订单信息' });
    expect(await within(order).findByText('未申请')).toBeInTheDocument();
    await user.click(within(order).getByRole('button', { name: `申请发票 ${open.out_trade_no}` }));
    const dialog = await dialogTitled('申请发票');
    expect(within(dialog).getByText(open.out_trade_no)).toBeInTheDocument();
  });
});
