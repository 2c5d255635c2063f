import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STAFF_API, STAFF_INVOICES_API, type StaffInvoice } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { renderConsole, sessionOf } from '../../test/render';

const invoice = (id: number, over: Partial<StaffInvoice> = {}): StaffInvoice => ({
  id,
  status: 'pending',
  invoice_type: 'normal',
  title_type: 'company',
  title: `深圳市测试${id}有限公司`,
  tax_no: '91440300MA5FJQ6X39',
  email: 'finance@example.com',
  address: '',
  phone: '',
  bank: '',
  bank_account: '',
  amount: 3980,
  paid: 3980,
  refunded: 0,
  kept: 3980,
  invoiced: 3980,
  red_letters: [],
  user_id: 12,
  username: 'zhangsan',
  out_trade_no: `CCW2026112600${id}`,
  order_name: 'VIP地方版',
  order_status: 'paid',
  number: null,
  red_number: null,
  reason: null,
  has_pdf: false,
  created_at: '2026-11-26T02:03:04.000Z',
  issued_at: null,
  closed_at: null,
  ...over,
});
const pageOf = (list: StaffInvoice[]) => ({ list, total: list.length, page: 1, size: 20 });
const at = (path: string, id: number) => path.replace('{id}', String(id));

describe('发票', () => {
  it('lists the queue by state tab and rejects a request with the reason the member sees', async () => {
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('finance'),
        [STAFF_INVOICES_API.list]: () =>
          pageOf([
            invoice(1),
            invoice(2, { status: 'issued', number: 'N2', order_status: 'refunded', has_pdf: true }),
          ]),
      },
      post: {
        [at(STAFF_INVOICES_API.reject, 1)]: () => invoice(1, { status: 'rejected', reason: '抬头有误' }),
      },
    });
    const { router } = renderConsole('/invoices');
    const pending = (await screen.findByText('深圳市测试1有限公司')).closest('tr') as HTMLElement;
    // 开具/驳回 while pending; 红冲 for an issued invoice of a refunded order.
    expect(within(pending).getByText('开具')).toBeInTheDocument();
    const issued = screen.getByText('深圳市测试2有限公司').closest('tr') as HTMLElement;
    expect(within(issued).getByText('红冲')).toBeInTheDocument();
    expect(within(issued).queryByText('开具')).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('已开具', { selector: '.ant-tabs-tab-btn' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=issued'));

    fireEvent.click(within(pending).getByText('驳回'));
    fireEvent.change(await screen.findByLabelText('驳回原因（会员可见）'), { target: { value: '抬头有误' } });
    fireEvent.click(screen.getByText('驳 回', { selector: '.ant-modal-footer button span' }));
    await waitFor(() => expect(requests('post')).toHaveLength(1));
    expect(requests('post')[0]?.body).toEqual({ reason: '抬头有误' });
  });

  it('offers no desk action to a role that may only read', async () => {
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('service'),
        [STAFF_INVOICES_API.list]: () => pageOf([invoice(1)]),
      },
    });
    renderConsole('/invoices');
    const row = (await screen.findByText('深圳市测试1有限公司')).closest('tr') as HTMLElement;
    expect(within(row).getByText('详情')).toBeInTheDocument();
    expect(within(row).queryByText('开具')).not.toBeInTheDocument();
    expect(within(row).queryByText('驳回')).not.toBeInTheDocument();
  });
});

describe('发票 after a refund', () => {
  it('issuing a request after a part refund shows paid, refunded and the kept amount it is issued at', async () => {
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('finance'),
        [STAFF_INVOICES_API.list]: () =>
          pageOf([invoice(3, { amount: 3940, refunded: 40, kept: 3940, invoiced: 3940 })]),
      },
    });
    renderConsole('/invoices');
    const row = (await screen.findByText('深圳市测试3有限公司')).closest('tr') as HTMLElement;
    expect(within(row).getByText('¥3940.00')).toBeInTheDocument();
    expect(within(row).getByText('已退 ¥40.00')).toBeInTheDocument();
    fireEvent.click(within(row).getByText('开具'));
    const modal = (await screen.findByText('开具发票：深圳市测试3有限公司')).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(modal).toHaveTextContent('实付 ¥3980.00，已退款 ¥40.00，按留存金额 ¥3940.00 开具');
  });

  it('an issued invoice refunded in part: the red-letter invoice and what stays invoiced', async () => {
    const red = {
      id: 7,
      amount: 40,
      number: null,
      reason: '客户申请部分退款',
      created_at: '2026-11-28T02:00:00.000Z',
    };
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('finance'),
        [STAFF_INVOICES_API.list]: () =>
          pageOf([
            invoice(4, {
              status: 'issued',
              number: 'N4',
              has_pdf: true,
              refunded: 40,
              kept: 3940,
              invoiced: 3940,
              red_letters: [red],
            }),
          ]),
      },
      post: { [at(STAFF_INVOICES_API.redLetter, 4).replace('{red_id}', '7')]: () => invoice(4) },
    });
    renderConsole('/invoices');
    const row = (await screen.findByText('深圳市测试4有限公司')).closest('tr') as HTMLElement;
    expect(within(row).getByText('¥3980.00')).toBeInTheDocument();
    expect(within(row).getByText('红字 -¥40.00')).toBeInTheDocument();
    // Refunded in part, the order is still paid: no 红冲 of the whole.
    expect(within(row).queryByText('红冲')).not.toBeInTheDocument();
    fireEvent.click(within(row).getByText('详情'));
    const drawer = (await screen.findByText('发票申请详情')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('发票金额')).toBeInTheDocument();
    expect(within(drawer).getByText('留存 ¥3940.00')).toBeInTheDocument();
    expect(within(drawer).getByText('已退款 ¥40.00')).toBeInTheDocument();
    expect(within(drawer).getByText('红字')).toBeInTheDocument();
    expect(drawer).toHaveTextContent('-¥40.00 （待开具）');
    expect(within(drawer).getByText('仍开票金额 ¥3940.00')).toBeInTheDocument();

    // Once issued in the tax system, its number is recorded.
    fireEvent.click(within(drawer).getByText('登记号码'));
    const modal = (await screen.findByText('登记红字发票号码')).closest('.ant-modal') as HTMLElement;
    expect(modal).toHaveTextContent('发票 N4 的红字发票 -¥40.00（客户申请部分退款）');
    fireEvent.change(within(modal).getByLabelText('红字发票号码'), { target: { value: ' R4 ' } });
    fireEvent.click(within(modal).getByText(/^保\s?存$/));
    await waitFor(() =>
      expect(requests('post').at(-1)).toMatchObject({
        path: '/api/admin/invoices/4/red-letters/7/',
        body: { number: 'R4' },
      }),
    );
  });

  it('a role that may only read sees no 登记号码', async () => {
    const red = {
      id: 8,
      amount: 40,
      number: null,
      reason: '部分退款',
      created_at: '2026-11-28T02:00:00.000Z',
    };
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('service'),
        [STAFF_INVOICES_API.list]: () =>
          pageOf([invoice(5, { status: 'issued', number: 'N5', invoiced: 3940, red_letters: [red] })]),
      },
    });
    renderConsole('/invoices');
    const row = (await screen.findByText('深圳市测试5有限公司')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('详情'));
    const drawer = (await screen.findByText('发票申请详情')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('红字')).toBeInTheDocument();
    expect(within(drawer).queryByText('登记号码')).not.toBeInTheDocument();
  });
});
