import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMERCE_API, INVOICE_API, type InvoiceTitle, MSG, PLAN } from '@uc/shared';
import { describe, expect, it, vi } from 'vitest';
import { httpError, mockApi, type Routes, requests } from '../../../test/api';
import { COMPANY_FIELDS, invoiceTitle, TAX_NO } from '../../../test/invoice-title';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/session';
import { PLANS } from '../testing';
import { InvoiceApplyDialog, type InvoiceOrder } from './invoice-apply-dialog';

const ORDER: InvoiceOrder = {
  out_trade_no: '20261127000000000001',
  gid: 13,
  name: 'VIP专业版',
  price: 12800,
  pack: null,
  gift: null,
  paid_at: '2026-11-27T06:01:00.000Z',
  plain_invoice_only: false,
};

const COMPANY = invoiceTitle();

const PERSON: InvoiceTitle = {
  ...COMPANY,
  id: 4,
  title_type: 'personal',
  title: '张三',
  tax_no: '',
  email: 'zhang@example.com',
  address: '',
  phone: '',
  bank: '',
  bank_account: '',
};

function answer(titles: InvoiceTitle[] = [], routes: Routes = {}) {
  mockApi(
    {
      get: { [COMMERCE_API.planList]: () => PLANS, [INVOICE_API.titles]: () => titles },
      post: { [INVOICE_API.apply]: () => ({}) },
    },
    routes,
  );
}

function open(order: InvoiceOrder = ORDER) {
  const onClose = vi.fn();
  renderApp(<InvoiceApplyDialog order={order} onClose={onClose} />);
  return onClose;
}

const dialog = () => screen.findByRole('dialog', { name: '申请发票' });
const submit = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(within(await dialog()).getByRole('button', { name: /提交申请/ }));

describe('申请发票', () => {
  it('asks for the title, tax number and email, and refuses a wrong tax number, before sending anything', async () => {
    signIn();
    answer();
    const user = userEvent.setup();
    open();
    const form = await dialog();
    expect(within(form).getByText('VIP专业版')).toBeInTheDocument();
    expect(within(form).getByText('¥12800.00')).toBeInTheDocument();
    await submit(user);
    expect(await within(form).findByText('请输入发票抬头')).toBeInTheDocument();
    expect(within(form).getByText('请输入纳税人识别号')).toBeInTheDocument();
    expect(within(form).getByText(MSG.emailRequired)).toBeInTheDocument();

    await user.type(within(form).getByLabelText('发票抬头'), '深圳市前海智汇科技有限公司');
    // One character off: the check character no longer matches.
    await user.type(within(form).getByLabelText('纳税人识别号'), '91440300MA5FJQ6X3H');
    await user.type(within(form).getByLabelText('接收邮箱'), 'finance@');
    await submit(user);
    expect(await within(form).findByText(MSG.taxNoInvalid)).toBeInTheDocument();
    expect(within(form).getByText(MSG.emailInvalid)).toBeInTheDocument();
    await waitFor(() => expect(within(form).queryByText('请输入发票抬头')).not.toBeInTheDocument());
    expect(requests('post', INVOICE_API.apply)).toEqual([]);
  });

  it('sends an ordinary invoice of a company title, saved for next time', async () => {
    signIn();
    answer();
    const user = userEvent.setup();
    const onClose = open();
    const form = await dialog();
    await user.type(within(form).getByLabelText('发票抬头'), '深圳市前海智汇科技有限公司');
    await user.type(within(form).getByLabelText('纳税人识别号'), '91440300ma5fjq6x39');
    await user.type(within(form).getByLabelText('接收邮箱'), 'finance@example.com');
    // The registered details are for special invoices only.
    expect(within(form).queryByLabelText('注册地址')).not.toBeInTheDocument();
    await submit(user);
    await waitFor(() => expect(requests('post', INVOICE_API.apply)).toHaveLength(1));
    expect(requests('post', INVOICE_API.apply)[0]?.body).toEqual({
      out_trade_no: ORDER.out_trade_no,
      invoice_type: 'normal',
      ...COMPANY_FIELDS,
      address: '',
      phone: '',
      bank: '',
      bank_account: '',
      save_title: true,
    });
    expect(await screen.findByText(MSG.invoiceApplySuccess)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('fills the form from a saved title and sends a special invoice with its registered details', async () => {
    signIn();
    answer([COMPANY, PERSON]);
    const user = userEvent.setup();
    open();
    const form = await dialog();
    await user.click(within(form).getByRole('radio', { name: '增值税专用发票' }));
    // A special invoice is a company's, with its registered details.
    expect(within(form).getByRole('radio', { name: '个人' })).toBeDisabled();
    await submit(user);
    expect(await within(form).findByText('请输入注册地址')).toBeInTheDocument();
    expect(within(form).getByText('请输入银行账号')).toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: '常用抬头' }));
    await user.click(
      await screen.findByText('深圳市前海智汇科技有限公司 · 企业', { selector: '.ant-select-item-option *' }),
    );
    expect(within(form).getByLabelText('发票抬头')).toHaveValue(COMPANY.title);
    expect(within(form).getByLabelText('银行账号')).toHaveValue(COMPANY.bank_account);
    await user.click(within(form).getByRole('checkbox', { name: '保存为常用抬头' }));
    await submit(user);
    await waitFor(() => expect(requests('post', INVOICE_API.apply)).toHaveLength(1));
    expect(requests('post', INVOICE_API.apply)[0]?.body).toEqual({
      out_trade_no: ORDER.out_trade_no,
      invoice_type: 'special',
      title_type: 'company',
      title: COMPANY.title,
      tax_no: TAX_NO,
      email: COMPANY.email,
      address: COMPANY.address,
      phone: COMPANY.phone,
      bank: COMPANY.bank,
      bank_account: COMPANY.bank_account,
      save_title: false,
    });
  });

  it('refuses a bank account that is not 8-34 digits with the server’s message', async () => {
    signIn();
    answer([COMPANY]);
    const user = userEvent.setup();
    open();
    const form = await dialog();
    await user.click(within(form).getByRole('combobox', { name: '常用抬头' }));
    await user.click(
      await screen.findByText('深圳市前海智汇科技有限公司 · 企业', { selector: '.ant-select-item-option *' }),
    );
    await user.click(within(form).getByRole('radio', { name: '增值税专用发票' }));
    const account = within(form).getByLabelText('银行账号');
    await user.clear(account);
    await user.type(account, '6225-88');
    await submit(user);
    expect(await within(form).findByText(MSG.invoiceSpecialFields)).toBeInTheDocument();
    expect(requests('post', INVOICE_API.apply)).toEqual([]);
  });

  it('sends a person’s title without a tax number', async () => {
    signIn();
    answer([COMPANY, PERSON]);
    const user = userEvent.setup();
    open();
    const form = await dialog();
    await user.click(within(form).getByRole('combobox', { name: '常用抬头' }));
    await user.click(await screen.findByText('张三 · 个人', { selector: '.ant-select-item-option *' }));
    expect(within(form).queryByLabelText('纳税人识别号')).not.toBeInTheDocument();
    await submit(user);
    await waitFor(() => expect(requests('post', INVOICE_API.apply)).toHaveLength(1));
    expect(requests('post', INVOICE_API.apply)[0]?.body).toMatchObject({
      invoice_type: 'normal',
      title_type: 'personal',
      title: '张三',
      tax_no: '',
      email: 'zhang@example.com',
    });
  });

  it('offers only the ordinary invoice where the plan allows nothing else', async () => {
    signIn();
    answer();
    open({ ...ORDER, gid: PLAN.local, name: 'VIP地方版', plain_invoice_only: true });
    const form = await dialog();
    await waitFor(() => expect(within(form).getByRole('radio', { name: '增值税专用发票' })).toBeDisabled());
    expect(within(form).getByText(MSG.invoiceSpecialNotAllowed)).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: '普通电子发票' })).toBeChecked();
  });

  it('offers both kinds for a plan that allows special invoices', async () => {
    signIn();
    answer();
    open();
    const form = await dialog();
    expect(within(form).getByRole('radio', { name: '增值税专用发票' })).toBeEnabled();
    expect(within(form).queryByText(MSG.invoiceSpecialNotAllowed)).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s message when it refuses', async () => {
    signIn();
    answer([COMPANY], { post: { [INVOICE_API.apply]: () => httpError(400, MSG.invoiceApplied) } });
    const user = userEvent.setup();
    const onClose = open();
    const form = await dialog();
    await user.click(within(form).getByRole('combobox', { name: '常用抬头' }));
    await user.click(
      await screen.findByText('深圳市前海智汇科技有限公司 · 企业', { selector: '.ant-select-item-option *' }),
    );
    await submit(user);
    expect(await screen.findByText(MSG.invoiceApplied)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '申请发票' })).toBeInTheDocument();
  });
});
