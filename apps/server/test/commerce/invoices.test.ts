// Invoices (/api/ccw/invoice/*): saved titles; 申请发票 for the member's own paid orders (the check digit, plan 1 and 5
// only 普通电子发票, one standing request per order, another member's order 403); the operator's issue / reject /
// reverse (`npm run invoices`), the PDF once issued, the member told once; 我的订单 shows each order's request.
// 401 without a token, 403 for a sub-account.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  COMMERCE_API,
  INVOICE_API,
  type Invoice,
  type InvoiceTitle,
  MSG,
  type OrderCreated,
  type OrderListItem,
  type Page,
  PLAN,
  PUSH_INVOICE_ISSUED,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runInvoicesCli } from '../../src/modules/invoices/cli.js';
import { createInvoicesService } from '../../src/modules/invoices/service.js';
import { samplePdf } from '../../src/plugins/dev.js';
import {
  createShopApp,
  get,
  loginAs,
  notify,
  pay,
  post,
  type ShopApp,
  setPlan,
} from '../support/commerce.js';
import { bearer } from '../support/login.js';
import { createMember, type TestMember } from '../support/members.js';

const CODE = '91440300MA5FJQ6X39';
let t: ShopApp;
let dir: string;
let seq = 0;

beforeAll(async () => {
  t = await createShopApp();
  dir = await mkdtemp(join(tmpdir(), 'uc-invoices-'));
});
afterAll(() => t.close());

async function member(): Promise<TestMember> {
  seq += 1;
  const m = await createMember(t, `invoice${seq}`);
  await setPlan(t, m.username, { level: 10, gid: null, days: null }, t.now());
  return m;
}

/** A paid order of the plan. */
async function paidOrder(m: TestMember, gid: number = PLAN.local): Promise<OrderCreated> {
  const res = await post<OrderCreated>(t, m.token, COMMERCE_API.order, { gid, count: 1 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const qr = await pay(t, m.token, res.body.data);
  const notification = await t.sandbox.confirm(qr.orderid);
  if (!notification) throw new Error('the sandbox refused');
  expect((await notify(t, notification)).statusCode).toBe(204);
  return res.body.data;
}

const company = (outTradeNo: string, over: Record<string, unknown> = {}) => ({
  out_trade_no: outTradeNo,
  invoice_type: 'normal',
  title_type: 'company',
  title: '深圳市发票测试科技有限公司',
  tax_no: CODE,
  email: 'finance@example.com',
  ...over,
});
const special = {
  invoice_type: 'special',
  address: '深圳市南山区科技园1号',
  phone: '0755-12345678',
  bank: '招商银行深圳分行',
  bank_account: '755912345610001',
};

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = await runInvoicesCli(
    t.db,
    argv,
    { log: (l) => lines.push(l), error: (l) => lines.push(l) },
    t.now,
  );
  return { code, lines };
}

async function pdfFile(name: string, body: Buffer = samplePdf(['Invoice', name])): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, body);
  return file;
}

const invoicesOf = async (token: string, query = '') =>
  (await get<Page<Invoice>>(t, token, `${INVOICE_API.list}${query}`)).body.data.list;
const pdfUrl = (id: number) => INVOICE_API.pdf.replace('{id}', String(id));

describe('申请发票', () => {
  it('asks for an invoice of a paid order once; the order shows it; a rejected one may be asked again', async () => {
    const m = await member();
    const order = await paidOrder(m);
    const listed = (await get<Page<OrderListItem>>(t, m.token, COMMERCE_API.orderList)).body.data.list;
    expect(listed.find((o) => o.out_trade_no === order.out_trade_no)).toMatchObject({
      invoice: null,
      invoiceable: true,
      plain_invoice_only: true,
    });

    const res = await post<Invoice>(t, m.token, INVOICE_API.apply, company(order.out_trade_no));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      out_trade_no: order.out_trade_no,
      order_name: 'VIP地方版',
      amount: 3980,
      invoice_type: 'normal',
      status: 'pending',
      number: null,
      has_pdf: false,
    });
    const again = await post(t, m.token, INVOICE_API.apply, company(order.out_trade_no));
    expect([again.status, again.body.message]).toEqual([400, MSG.invoiceApplied]);
    const after = (await get<Page<OrderListItem>>(t, m.token, COMMERCE_API.orderList)).body.data.list;
    expect(after.find((o) => o.out_trade_no === order.out_trade_no)).toMatchObject({
      invoice: { id: res.body.data.id, status: 'pending' },
      invoiceable: false,
    });
    // The title was saved.
    const titles = (await get<InvoiceTitle[]>(t, m.token, INVOICE_API.titles)).body.data;
    expect(titles.map((x) => [x.title, x.tax_no])).toEqual([['深圳市发票测试科技有限公司', CODE]]);

    expect((await cli('reject', String(res.body.data.id), '--reason', '抬头有误')).code).toBe(0);
    const [rejected] = await invoicesOf(m.token, '?status=rejected');
    expect(rejected).toMatchObject({ status: 'rejected', reason: '抬头有误' });
    const retried = await post<Invoice>(
      t,
      m.token,
      INVOICE_API.apply,
      company(order.out_trade_no, { title_type: 'personal', title: '张三', tax_no: '' }),
    );
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({ title_type: 'personal', tax_no: '', status: 'pending' });
  });

  it('answers each rule broken: the check digit, plan 1 only 普通电子发票, a special one for a person, unpaid, 404, 403', async () => {
    const m = await member();
    const local = await paidOrder(m);
    const bad = async (payload: Record<string, unknown>, status: number, message: string) => {
      const res = await post(t, m.token, INVOICE_API.apply, payload);
      expect([res.status, res.body.message], JSON.stringify(payload)).toEqual([status, message]);
    };
    await bad(company(local.out_trade_no, { tax_no: '91440300MA5FJQ6X3H' }), 400, MSG.taxNoInvalid);
    await bad(
      company(local.out_trade_no, { title: '张', title_type: 'personal', tax_no: '' }),
      400,
      MSG.invoiceTitleInvalid,
    );
    await bad(company(local.out_trade_no, special), 400, MSG.invoiceSpecialNotAllowed);
    await bad(company(local.out_trade_no, { invoice_type: 'special' }), 400, MSG.invoiceSpecialFields);
    await bad(company(local.out_trade_no, { email: 'not-mail' }), 400, MSG.emailInvalid);
    await bad(company('20991231000000000000'), 404, MSG.notFound);
    const unpaid = await post<OrderCreated>(t, m.token, COMMERCE_API.order, { gid: PLAN.advanced, count: 1 });
    await bad(company(unpaid.body.data.out_trade_no), 400, MSG.invoiceOrderInvalid);
    const other = await member();
    const res = await post(t, other.token, INVOICE_API.apply, company(local.out_trade_no));
    expect(res.status).toBe(403);
    // Plan 12 may have a special invoice.
    const m2 = await member();
    const advanced = await paidOrder(m2, PLAN.advanced);
    const ok = await post<Invoice>(t, m2.token, INVOICE_API.apply, company(advanced.out_trade_no, special));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.invoice_type).toBe('special');
  });

  it('401 without a token, 403 for a sub-account', async () => {
    expect((await get(t, null, INVOICE_API.list)).status).toBe(401);
    expect((await post(t, null, INVOICE_API.apply, {})).status).toBe(401);
    const sub = await loginAs(t, 'demosub01');
    expect((await get(t, sub, INVOICE_API.list)).status).toBe(403);
    expect((await get(t, sub, INVOICE_API.titles)).status).toBe(403);
  });
});

describe('the operator and the PDF', () => {
  it('issues with the PDF (downloadable, the member told once), reverses after a refund; refuses what is not a PDF', async () => {
    // The app's own poller (every second) would send the notice before this test's instances when the machine is
    // slow: this test sends it itself, and the app polls again once it is done.
    t.app.invoices.stop();
    onTestFinished(() => t.app.invoices.start());
    const m = await member();
    const order = await paidOrder(m);
    const applied = (await post<Invoice>(t, m.token, INVOICE_API.apply, company(order.out_trade_no))).body
      .data;
    const before = await t.app.inject({ url: pdfUrl(applied.id), headers: bearer(m.token) });
    expect([before.statusCode, before.json().message]).toEqual([404, MSG.invoiceNotIssued]);

    const listed = await cli('list', '--status', 'pending');
    expect(listed.lines.some((l) => l.startsWith(`${applied.id}\t`))).toBe(true);
    expect(
      (
        await cli(
          'issue',
          String(applied.id),
          '--pdf',
          await pdfFile('not.pdf', Buffer.from('hello')),
          '--number',
          'X1',
        )
      ).code,
    ).toBe(2);
    expect((await cli('issue', String(applied.id), '--number', 'X1')).code).toBe(2);
    const issued = await cli(
      'issue',
      String(applied.id),
      '--pdf',
      await pdfFile('a.pdf'),
      '--number',
      '24440000000012345678',
    );
    expect(issued.code, issued.lines.join()).toBe(0);
    expect(
      (await cli('issue', String(applied.id), '--pdf', await pdfFile('b.pdf'), '--number', 'again')).code,
    ).toBe(1);
    expect((await cli('reject', String(applied.id), '--reason', 'late')).code).toBe(1);

    const [row] = await invoicesOf(m.token);
    expect(row).toMatchObject({ status: 'issued', number: '24440000000012345678', has_pdf: true });
    const pdf = await t.app.inject({ url: pdfUrl(applied.id), headers: bearer(m.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await member();
    expect((await t.app.inject({ url: pdfUrl(applied.id), headers: bearer(other.token) })).statusCode).toBe(
      403,
    );

    // The member is told once, through the push channel and by email, whichever instance sends it.
    const pushed: { group: number; code: number }[] = [];
    const mailed: string[] = [];
    const make = () =>
      createInvoicesService({
        db: t.db,
        now: t.now,
        push: { toGroup: async (group, message) => void pushed.push({ group, code: message.code }) },
        mail: { name: 'test', send: async (message) => void mailed.push(message.to) },
        inbox: { deliver: async () => {} },
        log: { warn: () => {} },
      });
    await Promise.all([make().notifyIssued(), make().notifyIssued()]);
    await make().notifyIssued();
    expect(pushed.filter((p) => p.group === m.id)).toEqual([{ group: m.id, code: PUSH_INVOICE_ISSUED }]);
    expect(mailed.filter((to) => to === 'finance@example.com').length).toBe(1);

    // 红冲 only once the order was refunded (invoices/console.ts, the console's rule).
    expect((await cli('reverse', String(applied.id), '--reason', '订单已退款')).code).toBe(1);
    await t.db
      .updateTable('orders')
      .set({ status: 'refunded' })
      .where('out_trade_no', '=', order.out_trade_no)
      .execute();
    expect((await cli('reverse', String(applied.id), '--reason', '订单已退款')).code).toBe(0);
    const [reversed] = await invoicesOf(m.token);
    expect(reversed).toMatchObject({ status: 'reversed', reason: '订单已退款', has_pdf: true });
    const after = (await get<Page<OrderListItem>>(t, m.token, COMMERCE_API.orderList)).body.data.list;
    expect(after.find((o) => o.out_trade_no === order.out_trade_no)?.invoice?.status).toBe('reversed');
  });
});

describe('发票抬头', () => {
  it('saves, updates the same title, lists, deletes its own, and keeps at most 20', async () => {
    const m = await member();
    const title = {
      title_type: 'company',
      title: '深圳市抬头科技有限公司',
      tax_no: CODE,
      email: 'a@example.com',
    };
    const saved = await post<InvoiceTitle>(t, m.token, INVOICE_API.titles, title);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const updated = await post<InvoiceTitle>(t, m.token, INVOICE_API.titles, {
      ...title,
      email: 'b@example.com',
    });
    expect(updated.body.data).toMatchObject({ id: saved.body.data.id, email: 'b@example.com' });
    const bad = await post(t, m.token, INVOICE_API.titles, { ...title, tax_no: '123' });
    expect([bad.status, bad.body.message]).toEqual([400, MSG.taxNoInvalid]);
    for (let i = 1; i < 20; i += 1) {
      const res = await post(t, m.token, INVOICE_API.titles, {
        title_type: 'personal',
        title: `个人${i}`,
        email: 'p@example.com',
      });
      expect(res.status).toBe(200);
    }
    const over = await post(t, m.token, INVOICE_API.titles, {
      title_type: 'personal',
      title: '个人21',
      email: 'p@example.com',
    });
    expect([over.status, over.body.message]).toEqual([400, MSG.invoiceTitleLimit]);
    const other = await member();
    const url = INVOICE_API.title.replace('{id}', String(saved.body.data.id));
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(other.token) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(m.token) })).statusCode).toBe(200);
    expect((await get<InvoiceTitle[]>(t, m.token, INVOICE_API.titles)).body.data).toHaveLength(19);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(m.token) })).statusCode).toBe(404);
  });
});
