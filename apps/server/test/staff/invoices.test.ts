// 发票 in the console: the queue (filters, detail, .xlsx) for invoices.read, issuing (multipart: the PDF by its magic
// bytes and the number), rejecting with the reason the member sees, and 红冲 only once the order was refunded, for
// invoices.write; 403 for other roles, 401 without a staff session; every move with its audit row.
import {
  COMMERCE_API,
  INVOICE_API,
  type Invoice,
  MSG,
  type OrderCreated,
  type Page,
  PLAN,
  STAFF_INVOICES_API,
  STAFF_ORDERS_API,
  type StaffInvoice,
  staffOrderPath,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../src/plugins/dev.js';
import type { Envelope } from '../support/app.js';
import { createShopApp, get, notify, pay, post, type ShopApp, setPlan } from '../support/commerce.js';
import { bearer } from '../support/login.js';
import { createMember, type TestMember } from '../support/members.js';
import { signInStaff } from '../support/staff.js';
import { readSheet } from '../support/xlsx.js';

let t: ShopApp;
let admin: string;
let seq = 0;

beforeAll(async () => {
  t = await createShopApp();
  admin = (await signInStaff(t, 'admin')).cookie;
});
afterAll(() => t.close());

const at = (path: string, id: number) => path.replace('{id}', String(id));

async function member(): Promise<TestMember> {
  seq += 1;
  const m = await createMember(t, `staffinv${seq}`);
  await setPlan(t, m.username, { level: 10, gid: null, days: null }, t.now());
  return m;
}

/** A new member's VIP地方版 order, paid through the sandbox. */
async function paidOrder(): Promise<{ m: TestMember; order: OrderCreated }> {
  const m = await member();
  const res = await post<OrderCreated>(t, m.token, COMMERCE_API.order, { gid: PLAN.local, count: 1 });
  const qr = await pay(t, m.token, res.body.data);
  const notification = await t.sandbox.confirm(qr.orderid);
  if (!notification) throw new Error('the sandbox refused');
  expect((await notify(t, notification)).statusCode).toBe(204);
  return { m, order: res.body.data };
}

/** A member's paid order with an invoice asked for: the member, the order and the request. */
async function requested(): Promise<{ m: TestMember; order: OrderCreated; invoice: Invoice }> {
  const { m, order } = await paidOrder();
  const applied = await post<Invoice>(t, m.token, INVOICE_API.apply, {
    out_trade_no: order.out_trade_no,
    invoice_type: 'normal',
    title_type: 'company',
    title: `深圳市控制台发票${seq}有限公司`,
    tax_no: '91440300MA5FJQ6X39',
    email: 'finance@example.com',
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return { m, order, invoice: applied.body.data };
}

/** A multipart body of the number and the file. */
function multipart(fields: { number?: string; file?: Buffer }) {
  const boundary = '----uc-test-boundary';
  const parts: Buffer[] = [];
  if (fields.number !== undefined)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="number"\r\n\r\n${fields.number}\r\n`,
      ),
    );
  if (fields.file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      fields.file,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const issue = (id: number, cookie: string | null, fields: { number?: string; file?: Buffer }) => {
  const body = multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: at(STAFF_INVOICES_API.issue, id),
    headers: { 'content-type': body.type, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
};
const postJson = (url: string, cookie: string | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload: payload as object });
const getAs = (url: string, cookie: string | null) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const auditOf = (action: string, id: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(id))
    .execute();

describe('who may run the invoice desk', () => {
  it('reads with invoices.read, exports with invoices.export; issues, rejects and reverses with invoices.write; 401 without a session', async () => {
    const { invoice } = await requested();
    for (const role of ['admin', 'ops', 'finance', 'service'] as const) {
      const { cookie } = await signInStaff(t, role);
      const read = role === 'admin' || role === 'finance' || role === 'service';
      const write = role === 'admin' || role === 'finance';
      for (const url of [STAFF_INVOICES_API.list, at(STAFF_INVOICES_API.detail, invoice.id)])
        expect((await getAs(url, cookie)).statusCode, `${role} ${url}`).toBe(read ? 200 : 403);
      const exported = await getAs(STAFF_INVOICES_API.export, cookie);
      expect(exported.statusCode, role).toBe(write ? 200 : 403);
      if (!write) {
        const refused = await postJson(at(STAFF_INVOICES_API.reject, invoice.id), cookie, { reason: 'x' });
        expect([refused.statusCode, refused.json<Envelope>().message]).toEqual([403, MSG.staffForbidden]);
        expect((await issue(invoice.id, cookie, { number: '1', file: samplePdf(['x']) })).statusCode).toBe(
          403,
        );
      }
    }
    const { m } = await requested();
    for (const res of [
      await getAs(STAFF_INVOICES_API.list, null),
      await t.app.inject({ method: 'GET', url: STAFF_INVOICES_API.list, headers: bearer(m.token) }),
      await issue(invoice.id, null, { number: '1', file: samplePdf(['x']) }),
      await postJson(at(STAFF_INVOICES_API.reverse, invoice.id), null, { reason: 'x' }),
    ]) {
      expect([res.statusCode, res.json<Envelope>().message]).toEqual([401, MSG.staffSessionExpired]);
    }
  });
});

describe('the invoice desk', () => {
  it('lists and filters the queue, issues with a PDF and number, audited; the member sees it issued', async () => {
    const { m, order, invoice } = await requested();
    const list = await getAs(`${STAFF_INVOICES_API.list}?status=pending&member=${m.username}`, admin);
    expect(list.json<Envelope<Page<StaffInvoice>>>().data.list).toEqual([
      expect.objectContaining({ id: invoice.id, username: m.username, out_trade_no: order.out_trade_no }),
    ]);
    const byOrder = await getAs(`${STAFF_INVOICES_API.list}?out_trade_no=${order.out_trade_no}`, admin);
    expect(byOrder.json<Envelope<Page<StaffInvoice>>>().data.total).toBe(1);

    const notPdf = await issue(invoice.id, admin, { number: 'N1', file: Buffer.from('hello, not a pdf') });
    expect([notPdf.statusCode, notPdf.json<Envelope>().message]).toEqual([400, MSG.invoicePdfInvalid]);
    const noNumber = await issue(invoice.id, admin, { file: samplePdf(['x']) });
    expect([noNumber.statusCode, noNumber.json<Envelope>().message]).toEqual([400, MSG.invoiceNumberInvalid]);
    const tooBig = await issue(invoice.id, admin, {
      number: 'N1',
      file: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect([tooBig.statusCode, tooBig.json<Envelope>().message]).toEqual([400, MSG.invoicePdfInvalid]);

    const issued = await issue(invoice.id, admin, {
      number: '24440000000099990001',
      file: samplePdf(['Invoice']),
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json<Envelope<StaffInvoice>>().data).toMatchObject({
      status: 'issued',
      number: '24440000000099990001',
      has_pdf: true,
    });
    const [row] = await auditOf('invoices.issue', invoice.id);
    expect(JSON.parse(row?.before ?? '{}').status).toBe('pending');
    expect(JSON.parse(row?.after ?? '{}')).toMatchObject({
      status: 'issued',
      number: '24440000000099990001',
    });
    const again = await issue(invoice.id, admin, { number: 'again', file: samplePdf(['x']) });
    expect([again.statusCode, again.json<Envelope>().message]).toEqual([400, MSG.invoiceNotPending]);

    const mine = (await get<Page<Invoice>>(t, m.token, INVOICE_API.list)).body.data.list;
    expect(mine[0]).toMatchObject({ status: 'issued', has_pdf: true });
    const pdf = await getAs(at(STAFF_INVOICES_API.pdf, invoice.id), admin);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await getAs(`${STAFF_INVOICES_API.export}?status=issued`, admin);
    expect((await readSheet(xlsx.rawPayload)).rows.some((r) => r[0] === invoice.id)).toBe(true);

    // 红冲 only once the order was refunded.
    const early = await postJson(at(STAFF_INVOICES_API.reverse, invoice.id), admin, { reason: '退款' });
    expect([early.statusCode, early.json<Envelope>().message]).toEqual([400, MSG.invoiceReverseNotAllowed]);
    await t.db
      .updateTable('orders')
      .set({ status: 'refunded' })
      .where('out_trade_no', '=', order.out_trade_no)
      .execute();
    const reversed = await postJson(at(STAFF_INVOICES_API.reverse, invoice.id), admin, {
      reason: '订单已退款',
      red_number: '24440000000099990002',
    });
    expect(reversed.json<Envelope<StaffInvoice>>().data).toMatchObject({
      status: 'reversed',
      red_number: '24440000000099990002',
      reason: '订单已退款',
    });
    const [rev] = await auditOf('invoices.reverse', invoice.id);
    expect(rev).toMatchObject({ reason: '订单已退款' });
    const twice = await postJson(at(STAFF_INVOICES_API.reverse, invoice.id), admin, {
      reason: '再次',
      red_number: 'X',
    });
    expect([twice.statusCode, twice.json<Envelope>().message]).toEqual([400, MSG.invoiceReversedAlready]);
  });

  it('rejects with the reason the member sees; the refund-reversed invoice takes its red number once', async () => {
    const { m, invoice } = await requested();
    const noReason = await postJson(at(STAFF_INVOICES_API.reject, invoice.id), admin, { reason: '' });
    expect([noReason.statusCode, noReason.json<Envelope>().message]).toEqual([400, MSG.reasonRequired]);
    const rejected = await postJson(at(STAFF_INVOICES_API.reject, invoice.id), admin, {
      reason: '抬头与税号不符',
    });
    expect(rejected.json<Envelope<StaffInvoice>>().data.status).toBe('rejected');
    expect((await get<Page<Invoice>>(t, m.token, INVOICE_API.list)).body.data.list[0]).toMatchObject({
      status: 'rejected',
      reason: '抬头与税号不符',
    });
    expect(await auditOf('invoices.reject', invoice.id)).toEqual([
      expect.objectContaining({ reason: '抬头与税号不符' }),
    ]);
    const missing = await getAs(at(STAFF_INVOICES_API.detail, 999_999), admin);
    expect([missing.statusCode, missing.json<Envelope>().message]).toEqual([404, MSG.invoiceNotFound]);

    // An invoice the refund reversed already: the operator records the red-letter number once.
    const second = await requested();
    await issue(second.invoice.id, admin, { number: 'B1', file: samplePdf(['x']) });
    await t.db
      .updateTable('invoices')
      .set({ status: 'reversed', reason: '退款' })
      .where('id', '=', second.invoice.id)
      .execute();
    const red = await postJson(at(STAFF_INVOICES_API.reverse, second.invoice.id), admin, {
      reason: '补录红字发票',
      red_number: 'R1',
    });
    expect(red.json<Envelope<StaffInvoice>>().data).toMatchObject({ status: 'reversed', red_number: 'R1' });
  });
});

describe('invoices follow the money', () => {
  const refundOf = async (outTradeNo: string, amount: string) => {
    const res = await postJson(staffOrderPath(STAFF_ORDERS_API.refund, outTradeNo), admin, {
      amount,
      reason: '客户申请部分退款',
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const detail = async (id: number) =>
    (await getAs(at(STAFF_INVOICES_API.detail, id), admin)).json<Envelope<StaffInvoice>>().data;
  const mine = async (token: string, id: number) =>
    (await get<Page<Invoice>>(t, token, INVOICE_API.list)).body.data.list.find((i) => i.id === id);

  it('a part refund before issue: the console shows paid, refunded and kept; issued at what was kept', async () => {
    const { m, order, invoice } = await requested();
    const paid = invoice.amount;
    await refundOf(order.out_trade_no, '40');
    expect(await detail(invoice.id)).toMatchObject({
      status: 'pending',
      amount: paid - 40,
      paid,
      refunded: 40,
      kept: paid - 40,
      invoiced: paid - 40,
      red_letters: [],
    });
    expect(await mine(m.token, invoice.id)).toMatchObject({ amount: paid - 40, invoiced: paid - 40 });

    const issued = await issue(invoice.id, admin, { number: '26310000000000000040', file: samplePdf(['x']) });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json<Envelope<StaffInvoice>>().data).toMatchObject({ status: 'issued', amount: paid - 40 });
    expect(await mine(m.token, invoice.id)).toMatchObject({ status: 'issued', amount: paid - 40 });
  });

  it('asked after a part refund: the request is for what was kept', async () => {
    const { m, order } = await paidOrder();
    await refundOf(order.out_trade_no, '40');
    const applied = await post<Invoice>(t, m.token, INVOICE_API.apply, {
      out_trade_no: order.out_trade_no,
      invoice_type: 'normal',
      title_type: 'personal',
      title: '张三',
      email: 'finance@example.com',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const { final_fen } = await t.db
      .selectFrom('orders')
      .select('final_fen')
      .where('out_trade_no', '=', order.out_trade_no)
      .executeTakeFirstOrThrow();
    expect(applied.body.data).toMatchObject({ amount: final_fen / 100 - 40, invoiced: final_fen / 100 - 40 });
  });

  it('a part refund after issue: a red-letter invoice for the part; the rest red-letters the remainder, 已红冲', async () => {
    const { m, order, invoice } = await requested();
    const paid = invoice.amount;
    await issue(invoice.id, admin, { number: '26310000000000000099', file: samplePdf(['x']) });
    await refundOf(order.out_trade_no, '40');
    const after = await detail(invoice.id);
    expect(after).toMatchObject({ status: 'issued', amount: paid, kept: paid - 40, invoiced: paid - 40 });
    expect(after.red_letters).toEqual([
      expect.objectContaining({ amount: 40, number: null, reason: '客户申请部分退款' }),
    ]);
    expect(await mine(m.token, invoice.id)).toMatchObject({
      status: 'issued',
      amount: paid,
      invoiced: paid - 40,
      red_letters: [expect.objectContaining({ amount: 40 })],
    });

    await refundOf(order.out_trade_no, String(paid - 40));
    const whole = await detail(invoice.id);
    expect(whole).toMatchObject({ status: 'reversed', order_status: 'refunded', kept: 0, invoiced: 0 });
    expect(whole.red_letters.map((r) => r.amount)).toEqual([40, paid - 40]);
  });

  it('records the number of a red-letter invoice once, audited; 403 without invoices.write, 401 without a session', async () => {
    const { m, order, invoice } = await requested();
    await issue(invoice.id, admin, { number: '26310000000000000077', file: samplePdf(['x']) });
    await refundOf(order.out_trade_no, '40');
    const red = (await detail(invoice.id)).red_letters[0];
    if (!red) throw new Error('no red letter');
    const url = at(STAFF_INVOICES_API.redLetter, invoice.id).replace('{red_id}', String(red.id));

    const ops = (await signInStaff(t, 'ops')).cookie;
    const forbidden = await postJson(url, ops, { number: 'R77' });
    expect([forbidden.statusCode, forbidden.json<Envelope>().message]).toEqual([403, MSG.staffForbidden]);
    const anonymous = await postJson(url, null, { number: 'R77' });
    expect([anonymous.statusCode, anonymous.json<Envelope>().message]).toEqual([
      401,
      MSG.staffSessionExpired,
    ]);
    const empty = await postJson(url, admin, { number: ' ' });
    expect([empty.statusCode, empty.json<Envelope>().message]).toEqual([400, MSG.invoiceNumberInvalid]);

    const saved = await postJson(url, admin, { number: 'R77' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Envelope<StaffInvoice>>().data.red_letters).toEqual([
      expect.objectContaining({ id: red.id, amount: 40, number: 'R77' }),
    ]);
    expect(await mine(m.token, invoice.id)).toMatchObject({
      red_letters: [expect.objectContaining({ number: 'R77' })],
    });
    const again = await postJson(url, admin, { number: 'R78' });
    expect([again.statusCode, again.json<Envelope>().message]).toEqual([400, MSG.redLetterNumbered]);
    // Another invoice's red letter is not this invoice's.
    const other = await requested();
    const wrong = await postJson(
      at(STAFF_INVOICES_API.redLetter, other.invoice.id).replace('{red_id}', String(red.id)),
      admin,
      { number: 'R79' },
    );
    expect(wrong.json<Envelope>().message).toBe(MSG.redLetterNumbered);
    const rows = await auditOf('invoices.reverse', invoice.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: '红字发票号码 R77' });
  });

  it('issuing waits while a refund of the order is on its way', async () => {
    const { order, invoice } = await requested();
    const row = await t.db
      .selectFrom('orders')
      .select(['id', 'paid_attempt_id'])
      .where('out_trade_no', '=', order.out_trade_no)
      .executeTakeFirstOrThrow();
    const stamp = t.now().toISOString();
    await t.db
      .insertInto('refunds')
      .values({
        refund_no: `P${order.out_trade_no}`,
        order_id: row.id,
        attempt_id: row.paid_attempt_id ?? 0,
        provider: 'sandbox',
        amount_fen: 100,
        reason: '处理中',
        status: 'pending',
        provider_refund_id: null,
        staff_id: null,
        created_at: stamp,
        updated_at: stamp,
        settled_at: null,
      })
      .execute();
    const res = await issue(invoice.id, admin, { number: '2631', file: samplePdf(['x']) });
    expect([res.statusCode, res.json<Envelope>().message]).toEqual([400, MSG.invoiceRefundPending]);
    expect((await detail(invoice.id)).status).toBe('pending');
  });
});
