// The console's 订单 section: the list with its filters and .xlsx export, an order's detail, 确认转账 (the amount
// checked, credited once, audited in its transaction), 退款 (whole and partial, money paid twice, audited in the
// refund's transaction) and the double-paid list; 401 without a staff session, 403 for a role lacking the permission.
import {
  COMMERCE_API,
  MSG,
  MSG_WITH,
  PAY_TYPE,
  type Page,
  STAFF_ORDERS_API,
  type StaffDoublePaid,
  type StaffOrder,
  type StaffOrderDetail,
  type StaffRefund,
  shanghaiDate,
  staffOrderPath,
  type TransferInfo,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/xlsx.js';
import type { Envelope } from '../support/app.js';
import {
  createOrder,
  createShopApp,
  loginAs,
  memberRow,
  notify,
  orderRow,
  pay,
  post,
  type ShopApp,
  setPlan,
} from '../support/commerce.js';
import { signInStaff } from '../support/staff.js';
import { readSheet } from '../support/xlsx.js';

/** VIP高级版: level 21, ¥6,980 for 12 months. */
const GID = 12;
const PRICE = 6980;
const BUYER = 'trialuser';

let t: ShopApp;
let token: string;
let finance: string;
let ops: string;
let financeId: number;

beforeAll(async () => {
  t = await createShopApp();
  token = await loginAs(t, BUYER);
  const f = await signInStaff(t, 'finance');
  finance = f.cookie;
  financeId = f.staff.id;
  ops = (await signInStaff(t, 'ops')).cookie;
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const postAs = (url: string, cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

const detailOf = async (outTradeNo: string) => {
  const res = await get(staffOrderPath(STAFF_ORDERS_API.detail, outTradeNo), finance);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope<StaffOrderDetail>>().data;
};

const auditOf = (action: string, targetId: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();

async function confirmed(tradeNo: string) {
  const notification = await t.sandbox.confirm(tradeNo);
  if (!notification) throw new Error(`sandbox refused ${tradeNo}`);
  return notification;
}

/** A paid order of the buyer through the sandbox. */
async function paidOrder(): Promise<string> {
  await setPlan(t, BUYER, { level: 10, gid: null, days: null }, t.now());
  const order = await createOrder(t, token, GID);
  const qr = await pay(t, token, order);
  expect((await notify(t, await confirmed(qr.orderid))).statusCode).toBe(204);
  return order.out_trade_no;
}

/** An order of the buyer waiting for a bank transfer. */
async function transferOrder(): Promise<string> {
  await setPlan(t, BUYER, { level: 10, gid: null, days: null }, t.now());
  const order = await createOrder(t, token, GID);
  const info = await post<TransferInfo>(t, token, COMMERCE_API.transfer, {
    out_trade_no: order.out_trade_no,
  });
  expect(info.body.code).toBe(200);
  return order.out_trade_no;
}

describe('the list, its filters and export', () => {
  it('lists orders newest first with member, plan, state; filters; 401 without a session', async () => {
    const paid = await paidOrder();
    const waiting = await transferOrder();
    const res = await get(`${STAFF_ORDERS_API.list}?member=${BUYER}`, ops);
    expect(res.statusCode).toBe(200);
    const page = res.json<Envelope<Page<StaffOrder>>>().data;
    const nos = page.list.map((o) => o.out_trade_no);
    expect(nos.indexOf(waiting)).toBeLessThan(nos.indexOf(paid));
    expect(page.list.find((o) => o.out_trade_no === paid)).toMatchObject({
      username: BUYER,
      plan_name: expect.any(String),
      amount: PRICE,
      status: 'paid',
    });

    const byState = await get(
      `${STAFF_ORDERS_API.list}?state=awaiting_transfer&out_trade_no=${waiting}`,
      ops,
    );
    expect(byState.json<Envelope<Page<StaffOrder>>>().data.list.map((o) => o.out_trade_no)).toEqual([
      waiting,
    ]);
    const user = await memberRow(t, BUYER);
    const byId = await get(`${STAFF_ORDERS_API.list}?member=${user.id}&plan=${GID}&channel=sandbox`, ops);
    expect(byId.statusCode).toBe(200);
    const future = await get(`${STAFF_ORDERS_API.list}?from=2099-01-01`, ops);
    expect(future.json<Envelope<Page<StaffOrder>>>().data.total).toBe(0);

    const bad = await get(`${STAFF_ORDERS_API.list}?state=nope`, ops);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope>().message).toBe(MSG.orderStatusInvalid);
    expect((await get(STAFF_ORDERS_API.list)).statusCode).toBe(401);
  });

  it('exports the filter as .xlsx', async () => {
    const paid = await paidOrder();
    expect((await get(`${STAFF_ORDERS_API.export}?out_trade_no=${paid}`, ops)).statusCode).toBe(403);
    const res = await get(`${STAFF_ORDERS_API.export}?out_trade_no=${paid}`, finance);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rows[0]?.[0]).toBe('订单号');
    expect(sheet.rows[1]?.[0]).toBe(paid);
    expect(sheet.rows[1]).toContain('已支付');
  });

  it('the detail: attempts, events, the membership change; 404 for an unknown order', async () => {
    const paid = await paidOrder();
    const detail = await detailOf(paid);
    expect(detail.order).toMatchObject({ out_trade_no: paid, status: 'paid', amount: PRICE });
    expect(detail.attempts).toHaveLength(1);
    expect(detail.attempts[0]).toMatchObject({ status: 'paid', provider: 'sandbox', amount: PRICE });
    expect(detail.events.map((e) => e.outcome)).toContain('credited');
    expect(detail.membership).toMatchObject({ level_before: 10, gid_after: GID });
    expect(detail.refunds).toEqual([]);
    expect(detail.refundable).toEqual([expect.objectContaining({ refundable: PRICE, paying: true })]);
    const missing = await get(staffOrderPath(STAFF_ORDERS_API.detail, '20261127000000000000'), ops);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Envelope>().message).toBe(MSG.orderNotFound);
  });
});

describe('确认转账', () => {
  it('a wrong amount is refused; the right one credits once, audited with before/after/reason', async () => {
    const no = await transferOrder();
    const url = staffOrderPath(STAFF_ORDERS_API.confirmTransfer, no);
    const wrong = await postAs(url, finance, { amount: '6979.99', reason: '银行回单已核对' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<Envelope>().message).toBe(MSG.transferAmountMismatch);
    const noReason = await postAs(url, finance, { amount: '6980' });
    expect(noReason.json<Envelope>().message).toBe(MSG.reasonRequired);

    const ok = await postAs(url, finance, { amount: '6980.00', reason: '银行回单已核对' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Envelope<StaffOrder>>().data).toMatchObject({ status: 'paid', channel: 'transfer' });
    expect(await memberRow(t, BUYER)).toMatchObject({ gid: GID });

    const again = await postAs(url, finance, { amount: '6980.00', reason: '银行回单已核对' });
    expect(again.statusCode).toBe(400);
    expect(again.json<Envelope>().message).toBe(MSG.transferAlreadyConfirmed);

    const rows = await auditOf('orders.confirm_transfer', no);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staff_id: financeId, target_type: 'order', reason: '银行回单已核对' });
    expect(JSON.parse(rows[0]?.before ?? '')).toMatchObject({ status: 'awaiting_transfer' });
    expect(JSON.parse(rows[0]?.after ?? '')).toMatchObject({ status: 'paid', outcome: 'credited' });
  });

  it('a paid order is not awaiting a transfer; 403 for ops, 401 without a session', async () => {
    const paid = await paidOrder();
    const url = staffOrderPath(STAFF_ORDERS_API.confirmTransfer, paid);
    const res = await postAs(url, finance, { amount: '6980', reason: '核对' });
    expect(res.json<Envelope>().message).toBe(MSG.orderNotAwaitingTransfer);
    const waiting = await transferOrder();
    const forbidden = await postAs(staffOrderPath(STAFF_ORDERS_API.confirmTransfer, waiting), ops, {
      amount: '6980',
      reason: '核对',
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<Envelope>().message).toBe(MSG.staffForbidden);
    expect((await postAs(url, undefined, { amount: '6980', reason: '核对' })).statusCode).toBe(401);
    expect((await orderRow(t, waiting)).status).toBe('awaiting_transfer');
  });
});

describe('退款', () => {
  it('a whole refund reverses the plan, marks 已退款 and is audited in its transaction', async () => {
    const no = await paidOrder();
    const url = staffOrderPath(STAFF_ORDERS_API.refund, no);
    const over = await postAs(url, finance, { amount: '6980.01', reason: '客户申请退款' });
    expect(over.statusCode).toBe(400);
    expect(over.json<Envelope>().message).toBe(MSG.refundOverPaid);
    const zero = await postAs(url, finance, { amount: '0', reason: '客户申请退款' });
    expect(zero.json<Envelope>().message).toBe(MSG.refundAmountInvalid);

    const res = await postAs(url, finance, { amount: '6980', reason: '客户申请退款' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope<StaffRefund>>().data).toMatchObject({
      status: 'succeeded',
      whole: true,
      amount: PRICE,
      staff_id: financeId,
    });
    expect((await orderRow(t, no)).status).toBe('refunded');
    expect(await memberRow(t, BUYER)).toMatchObject({ level: 10, gid: null });
    const detail = await detailOf(no);
    expect(detail.refunds).toEqual([expect.objectContaining({ status: 'succeeded', whole: true })]);
    expect(detail.refundable).toEqual([]);

    const rows = await auditOf('orders.refund', no);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staff_id: financeId, reason: '客户申请退款' });
    expect(JSON.parse(rows[0]?.before ?? '')).toMatchObject({ status: 'paid', refunded_fen: 0 });
    expect(JSON.parse(rows[0]?.after ?? '')).toMatchObject({ amount_fen: 698_000, whole: true });
  });

  it('a refused refund writes no audit row; ops is refused (403), no session 401', async () => {
    const no = await paidOrder();
    const url = staffOrderPath(STAFF_ORDERS_API.refund, no);
    await postAs(url, finance, { amount: '9999', reason: '客户申请退款' });
    expect(await auditOf('orders.refund', no)).toHaveLength(0);
    const forbidden = await postAs(url, ops, { amount: '1', reason: '客户申请退款' });
    expect(forbidden.statusCode).toBe(403);
    expect((await postAs(url, undefined, { amount: '1', reason: '客户申请退款' })).statusCode).toBe(401);
    expect(await t.db.selectFrom('refunds').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ order_id: (await orderRow(t, no)).id }),
    );
  });

  it('money paid twice: listed under double-paid, refunded from there, the plan kept', async () => {
    await setPlan(t, BUYER, { level: 10, gid: null, days: null }, t.now());
    const order = await createOrder(t, token, GID);
    const first = await pay(t, token, order);
    const firstPaid = await confirmed(first.orderid);
    const second = await pay(t, token, order, { pay_type: PAY_TYPE.alipay });
    const secondPaid = await confirmed(second.orderid);
    await notify(t, firstPaid);
    await notify(t, secondPaid);
    const member = await memberRow(t, BUYER);

    const listed = await get(STAFF_ORDERS_API.doublePaid, ops);
    expect(listed.statusCode).toBe(200);
    const entry = listed
      .json<Envelope<StaffDoublePaid[]>>()
      .data.find((o) => o.order.out_trade_no === order.out_trade_no);
    expect(entry?.order).toMatchObject({ owed: PRICE, status: 'paid' });
    expect(entry?.attempts).toEqual([
      expect.objectContaining({ trade_no: second.orderid, refundable: PRICE, paying: false }),
    ]);
    const exported = await get(STAFF_ORDERS_API.doublePaidExport, finance);
    expect(exported.headers['content-type']).toBe(XLSX_TYPE);
    const sheet = await readSheet(exported.rawPayload);
    expect(sheet.rows[0]).toContain('可退的重复支付');
    const row = sheet.rows.find((r) => r[0] === order.out_trade_no);
    expect(String(row?.at(-1))).toContain(second.orderid);

    const res = await postAs(staffOrderPath(STAFF_ORDERS_API.refund, order.out_trade_no), finance, {
      amount: PRICE,
      reason: '重复支付退款',
      attempt_id: entry?.attempts[0]?.attempt_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope<StaffRefund>>().data).toMatchObject({ whole: false, trade_no: second.orderid });
    expect(await orderRow(t, order.out_trade_no)).toMatchObject({ status: 'paid', refund_fen: 0 });
    expect(await memberRow(t, BUYER)).toMatchObject({ gid: member.gid, expired_at: member.expired_at });
    const after = (await get(STAFF_ORDERS_API.doublePaid, ops)).json<Envelope<StaffDoublePaid[]>>().data;
    expect(after.map((o) => o.order.out_trade_no)).not.toContain(order.out_trade_no);
    expect(await auditOf('orders.refund', order.out_trade_no)).toHaveLength(1);
  });
});

describe('线下退款 of a transfer', () => {
  /** A transfer order of the buyer, confirmed: paid by the bank, the plan running. */
  async function paidByTransfer(): Promise<string> {
    const no = await transferOrder();
    const ok = await postAs(staffOrderPath(STAFF_ORDERS_API.confirmTransfer, no), finance, {
      amount: '6980',
      reason: '银行回单已核对',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    return no;
  }
  const today = () => shanghaiDate(t.now());
  const inbox = async (username: string) => {
    const user = await memberRow(t, username);
    return t.db
      .selectFrom('messages')
      .select(['title', 'body'])
      .where('user_id', '=', user.id)
      .where('title', '=', MSG.inboxRefundTitle)
      .orderBy('id')
      .execute();
  };

  it('a part, then the rest: the part keeps the plan, the parts adding up to the whole take it back; audited, the member told', async () => {
    const no = await paidByTransfer();
    const told = (await inbox(BUYER)).length;
    // Not through a gateway: the provider refund says where to go.
    const online = await postAs(staffOrderPath(STAFF_ORDERS_API.refund, no), finance, {
      amount: '1000',
      reason: '客户申请退款',
    });
    expect(online.statusCode).toBe(400);
    expect(online.json<Envelope>().message).toBe(MSG.refundTransferOffline);
    expect((await detailOf(no)).refundable).toEqual([
      expect.objectContaining({ provider: 'transfer', paying: true, offline: true, refundable: PRICE }),
    ]);

    const url = staffOrderPath(STAFF_ORDERS_API.offlineRefund, no);
    const part = await postAs(url, finance, {
      amount: '1000',
      reason: '部分服务未使用',
      bank_ref: 'HX2026112900001',
      refunded_on: today(),
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<Envelope<StaffRefund>>().data).toMatchObject({
      status: 'succeeded',
      whole: false,
      amount: 1000,
      provider: 'transfer',
      bank_ref: 'HX2026112900001',
      refunded_on: today(),
      staff_id: financeId,
    });
    expect((await orderRow(t, no)).status).toBe('paid');
    expect(await memberRow(t, BUYER)).toMatchObject({ gid: GID });

    const rest = await postAs(url, finance, {
      amount: '5980',
      reason: '客户解约',
      bank_ref: 'HX2026112900002',
      refunded_on: today(),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<Envelope<StaffRefund>>().data).toMatchObject({ status: 'succeeded', whole: true });
    expect((await orderRow(t, no)).status).toBe('refunded');
    expect(await memberRow(t, BUYER)).toMatchObject({ level: 10, gid: null });
    expect((await detailOf(no)).refundable).toEqual([]);

    const rows = await auditOf('orders.refund', no);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ staff_id: financeId, reason: '部分服务未使用' });
    expect(JSON.parse(rows[0]?.after ?? '')).toMatchObject({
      amount_fen: 100_000,
      whole: false,
      offline: true,
      bank_ref: 'HX2026112900001',
      refunded_on: today(),
    });
    expect(JSON.parse(rows[1]?.after ?? '')).toMatchObject({ whole: true, refunded_fen: 698_000 });
    const messages = (await inbox(BUYER)).slice(told);
    expect(messages.map((m) => m.body)).toEqual([
      MSG_WITH.inboxRefundedByBank(no, '1000.00', 'HX2026112900001', false),
      MSG_WITH.inboxRefundedByBank(no, '5980.00', 'HX2026112900002', true) +
        MSG_WITH.refundTakenBack([MSG_WITH.refundTookPlan('体验会员', null)]),
    ]);
  });

  it('refuses each broken rule with its message, writing nothing', async () => {
    const no = await paidByTransfer();
    const url = staffOrderPath(STAFF_ORDERS_API.offlineRefund, no);
    const body = { amount: '100', reason: '客户申请退款', bank_ref: 'HX1', refunded_on: today() };
    const refused = async (payload: object, message: string) => {
      const res = await postAs(url, finance, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<Envelope>().message).toBe(message);
    };
    await refused({ ...body, amount: '6980.01' }, MSG.refundOverPaid);
    await refused({ ...body, amount: '0' }, MSG.refundAmountInvalid);
    await refused({ ...body, bank_ref: ' ' }, MSG.bankRefInvalid);
    await refused({ ...body, bank_ref: 'X'.repeat(65) }, MSG.bankRefInvalid);
    await refused({ ...body, refunded_on: '2099-01-01' }, MSG.offlineRefundDateInvalid);
    await refused({ ...body, refunded_on: '2020-01-01' }, MSG.offlineRefundDateInvalid);
    await refused({ ...body, refunded_on: '2026-02-30' }, MSG.offlineRefundDateInvalid);
    await refused({ ...body, refunded_on: 'yesterday' }, MSG.offlineRefundDateInvalid);
    await refused({ amount: '100', bank_ref: 'HX1', refunded_on: today() }, MSG.reasonRequired);
    expect(await auditOf('orders.refund', no)).toHaveLength(0);

    expect((await postAs(url, finance, body)).statusCode).toBe(200);
    // The same bank reference twice is one refund recorded twice.
    await refused(body, MSG.bankRefUsed);
    expect(await auditOf('orders.refund', no)).toHaveLength(1);

    const paid = await paidOrder();
    const notTransfer = await postAs(staffOrderPath(STAFF_ORDERS_API.offlineRefund, paid), finance, body);
    expect(notTransfer.json<Envelope>().message).toBe(MSG.offlineRefundNotTransfer);
    const unknown = await postAs(
      staffOrderPath(STAFF_ORDERS_API.offlineRefund, '20991231000000000001'),
      finance,
      body,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('403 for a role without orders.refund, 401 without a session', async () => {
    const no = await paidByTransfer();
    const url = staffOrderPath(STAFF_ORDERS_API.offlineRefund, no);
    const body = { amount: '100', reason: '客户申请退款', bank_ref: 'HX9', refunded_on: today() };
    const forbidden = await postAs(url, ops, body);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<Envelope>().message).toBe(MSG.staffForbidden);
    expect((await postAs(url, undefined, body)).statusCode).toBe(401);
    expect(await auditOf('orders.refund', no)).toHaveLength(0);
    expect((await orderRow(t, no)).status).toBe('paid');
  });
});
