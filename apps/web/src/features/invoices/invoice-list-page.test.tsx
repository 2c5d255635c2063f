import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillPath, INVOICE_API, type Invoice, type InvoiceTitle, MSG } from '@uc/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '../../lib/ui/use-media-query';
import { mockApi, requests } from '../../test/api';
import { dialogTitled } from '../../test/dialogs';
import { COMPANY_FIELDS, invoiceTitle, TAX_NO } from '../../test/invoice-title';
import { stubMatchMedia } from '../../test/media';
import { renderApp, routerPath } from '../../test/render';
import { signIn } from '../../test/session';
import { InvoiceListPage } from './invoice-list-page';

const wideMatchMedia = window.matchMedia;

afterEach(() => {
  window.matchMedia = wideMatchMedia;
});

const invoice = (over: Partial<Invoice>): Invoice => ({
  id: 1,
  out_trade_no: '20261127000000000001',
  order_name: 'VIP专业版',
  amount: 12800,
  invoiced: 12800,
  red_letters: [],
  invoice_type: 'normal',
  title_type: 'company',
  title: '深圳市前海智汇科技有限公司',
  tax_no: TAX_NO,
  email: 'finance@example.com',
  status: 'pending',
  number: null,
  reason: null,
  created_at: '2026-11-27T06:00:00.000Z',
  issued_at: null,
  has_pdf: false,
  ...over,
});

const INVOICES: Invoice[] = [
  invoice({}),
  invoice({
    id: 2,
    out_trade_no: '20261127000000000002',
    order_name: 'VIP高级版',
    amount: 6980.5,
    invoice_type: 'special',
    status: 'issued',
    number: '04415712',
    issued_at: '2026-11-28T02:00:00.000Z',
    has_pdf: true,
  }),
  invoice({
    id: 3,
    out_trade_no: '20261127000000000003',
    title_type: 'personal',
    title: '张三',
    tax_no: '',
    status: 'rejected',
    reason: '抬头有误',
  }),
  invoice({
    id: 4,
    out_trade_no: '20261127000000000004',
    status: 'reversed',
    number: '04415713',
    reason: '订单已退款',
    has_pdf: true,
  }),
];

const page = (list: Invoice[]) => ({ list, total: list.length, page: 1, size: 10 });

const TITLE = invoiceTitle({ id: 5, updated_at: '2026-11-27T06:00:00.000Z' });

describe('发票管理', () => {
  it('lists the invoices: order, amount, type, title, state with its reason, number and 下载 once issued', async () => {
    signIn();
    mockApi({ get: { [INVOICE_API.list]: () => page(INVOICES) } });
    renderApp(<InvoiceListPage title="发票管理" />, { at: '/invoice/list' });
    const rowOf = async (no: string) => (await screen.findByText(no)).closest('tr') as HTMLElement;

    const pending = await rowOf('20261127000000000001');
    expect(pending).toHaveTextContent('2026-11-27 14:00');
    expect(pending).toHaveTextContent('VIP专业版');
    expect(pending).toHaveTextContent('¥12800.00');
    expect(pending).toHaveTextContent('普通电子发票');
    expect(pending).toHaveTextContent(`企业 · ${TAX_NO}`);
    expect(within(pending).getByText('申请中')).toBeInTheDocument();
    expect(within(pending).queryByLabelText(/下载发票/)).not.toBeInTheDocument();

    const issued = await rowOf('20261127000000000002');
    expect(issued).toHaveTextContent('¥6980.50');
    expect(issued).toHaveTextContent('增值税专用发票');
    expect(within(issued).getByText('已开具')).toBeInTheDocument();
    expect(issued).toHaveTextContent('04415712');
    expect(within(issued).getByLabelText('下载发票 04415712')).toBeInTheDocument();

    const rejected = await rowOf('20261127000000000003');
    expect(within(rejected).getByText('已驳回')).toBeInTheDocument();
    expect(rejected).toHaveTextContent('驳回原因：抬头有误');
    expect(rejected).toHaveTextContent('张三个人');
    expect(within(rejected).queryByLabelText(/下载发票/)).not.toBeInTheDocument();

    const reversed = await rowOf('20261127000000000004');
    expect(within(reversed).getByText('已红冲')).toBeInTheDocument();
    expect(reversed).toHaveTextContent('红冲原因：订单已退款');
    expect(within(reversed).getByLabelText('下载发票 04415713')).toBeInTheDocument();

    expect(document.querySelectorAll('.ant-table-row')).toHaveLength(4);
    expect(requests('get', INVOICE_API.list)[0]?.query).toEqual({ page: '1', size: '10' });
    // The saved titles are asked for only on their tab.
    expect(requests('get', INVOICE_API.titles)).toEqual([]);
  });

  it('an invoice refunded in part after issue shows its red-letter invoice and what stays invoiced', async () => {
    signIn();
    const red = {
      id: 5,
      amount: 40,
      number: null,
      reason: '部分退款',
      created_at: '2026-11-28T03:00:00.000Z',
    };
    const refunded = invoice({
      id: 5,
      out_trade_no: '20261127000000000005',
      amount: 99,
      invoiced: 59,
      red_letters: [red],
      status: 'issued',
      number: '04415799',
      has_pdf: true,
    });
    mockApi({ get: { [INVOICE_API.list]: () => page([refunded]) } });
    const { unmount } = renderApp(<InvoiceListPage />, { at: '/invoice/list' });
    const row = (await screen.findByText('20261127000000000005')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('¥99.00');
    expect(row).toHaveTextContent('红字发票 -¥40.00（开具中）');
    expect(row).toHaveTextContent('仍开票 ¥59.00');
    unmount();

    stubMatchMedia((query) => query === PHONE_QUERY);
    renderApp(<InvoiceListPage />, { at: '/invoice/list' });
    const [card] = within(await screen.findByRole('list', { name: '发票列表' })).getAllByRole('listitem');
    expect(card).toHaveTextContent('红字发票 -¥40.00（开具中）');
    expect(card).toHaveTextContent('仍开票 ¥59.00');
  });

  it('filters by state through the URL', async () => {
    signIn();
    mockApi({
      get: {
        [INVOICE_API.list]: (query) =>
          page(query.status ? INVOICES.filter((i) => i.status === query.status) : INVOICES),
      },
    });
    const user = userEvent.setup();
    renderApp(<InvoiceListPage />, { at: '/invoice/list' });
    expect(await screen.findByText('20261127000000000001')).toBeInTheDocument();
    await user.click(within(screen.getByRole('radiogroup', { name: '发票状态' })).getByText('已驳回'));
    await waitFor(() => expect(routerPath()).toBe('/invoice/list?status=rejected'));
    await waitFor(() => expect(screen.queryByText('20261127000000000001')).not.toBeInTheDocument());
    expect(screen.getByText('20261127000000000003')).toBeInTheDocument();
    expect(requests('get', INVOICE_API.list).at(-1)?.query).toEqual({
      page: '1',
      size: '10',
      status: 'rejected',
    });
  });

  it('says 暂无发票 with the way to 我的订单, and only 暂无发票 for a state with none', async () => {
    signIn();
    mockApi({ get: { [INVOICE_API.list]: () => page([]) } });
    const { unmount } = renderApp(<InvoiceListPage />, { at: '/invoice/list' });
    expect(await screen.findByText('暂无发票')).toBeInTheDocument();
    expect(screen.getByText('已支付的订单可在「我的订单」中申请发票')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往我的订单' })).toHaveAttribute('href', '/order/list');
    unmount();

    renderApp(<InvoiceListPage />, { at: '/invoice/list?status=issued' });
    expect(await screen.findByText('暂无发票')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '前往我的订单' })).not.toBeInTheDocument();
  });

  it('draws cards on a phone, 下载 only where the PDF is', async () => {
    signIn();
    stubMatchMedia((query) => query === PHONE_QUERY);
    mockApi({ get: { [INVOICE_API.list]: () => page(INVOICES) } });
    renderApp(<InvoiceListPage />, { at: '/invoice/list' });
    const cards = within(await screen.findByRole('list', { name: '发票列表' })).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveTextContent('申请中');
    expect(cards[0]).toHaveTextContent('订单编号：20261127000000000001');
    expect(within(cards[0]!).queryByLabelText(/下载发票/)).not.toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('发票号码：04415712');
    expect(within(cards[1]!).getByLabelText('下载发票 04415712')).toBeInTheDocument();
    expect(cards[2]).toHaveTextContent('驳回原因：抬头有误');
  });
});

describe('发票管理 常用抬头', () => {
  it('lists the saved titles and deletes one once confirmed', async () => {
    signIn();
    let titles = [TITLE, { ...TITLE, id: 6, title_type: 'personal' as const, title: '张三', tax_no: '' }];
    mockApi({
      get: { [INVOICE_API.titles]: () => titles },
      delete: {
        [fillPath(INVOICE_API.title, 6)]: () => {
          titles = titles.filter((t) => t.id !== 6);
          return null;
        },
      },
    });
    const user = userEvent.setup();
    renderApp(<InvoiceListPage />, { at: '/invoice/list?tab=titles' });
    const list = await screen.findByRole('list', { name: '常用抬头列表' });
    const company = within(list).getByRole('listitem', { name: TITLE.title });
    expect(company).toHaveTextContent('企业');
    expect(company).toHaveTextContent(`纳税人识别号${TAX_NO}`);
    expect(company).toHaveTextContent('开户银行招商银行深圳分行');
    expect(within(list).getByRole('listitem', { name: '张三' })).toHaveTextContent('个人');
    expect(requests('get', INVOICE_API.list)).toEqual([]);

    await user.click(screen.getByRole('button', { name: '删除 张三' }));
    const confirm = await dialogTitled('删除常用抬头');
    expect(confirm).toHaveTextContent('确定删除抬头「张三」吗？');
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(requests('delete', fillPath(INVOICE_API.title, 6))).toHaveLength(1));
    await waitFor(() =>
      expect(within(list).queryByRole('listitem', { name: '张三' })).not.toBeInTheDocument(),
    );
  });

  it('adds a title from the dialog with the same checks as 申请发票', async () => {
    signIn();
    let titles: InvoiceTitle[] = [];
    mockApi({
      get: { [INVOICE_API.titles]: () => titles },
      post: {
        [INVOICE_API.titles]: (body) => {
          titles = [{ ...TITLE, ...body, id: 7 }];
          return titles[0];
        },
      },
    });
    const user = userEvent.setup();
    renderApp(<InvoiceListPage />, { at: '/invoice/list?tab=titles' });
    expect(await screen.findByText(/暂无常用抬头/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /新增抬头/ }));
    const dialog = await dialogTitled('新增抬头');
    await user.type(within(dialog).getByLabelText('发票抬头'), '深圳市前海智汇科技有限公司');
    await user.type(within(dialog).getByLabelText('纳税人识别号'), '914403001234567890');
    await user.type(within(dialog).getByLabelText('接收邮箱'), 'finance@example.com');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(MSG.taxNoInvalid)).toBeInTheDocument();
    expect(requests('post', INVOICE_API.titles)).toEqual([]);

    const taxNo = within(dialog).getByLabelText('纳税人识别号');
    await user.clear(taxNo);
    await user.type(taxNo, TAX_NO);
    // A company's registered details are optional here.
    await user.type(within(dialog).getByLabelText('开户银行'), '招商银行深圳分行');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(requests('post', INVOICE_API.titles)).toHaveLength(1));
    expect(requests('post', INVOICE_API.titles)[0]?.body).toEqual({
      ...COMPANY_FIELDS,
      address: '',
      phone: '',
      bank: '招商银行深圳分行',
      bank_account: '',
    });
    expect(await screen.findByText('抬头已保存')).toBeInTheDocument();
    expect(
      await within(await screen.findByRole('list', { name: '常用抬头列表' })).findByRole('listitem', {
        name: TITLE.title,
      }),
    ).toBeInTheDocument();
  });
});
