// Orders nobody tried to pay (docs/decisions.md): the order page still creates its order on entry, but an order without
// a payment attempt or a transfer request stays out of 我的订单, the console's default list and its 概览 figures, and
// lapses quietly; entering the page again reuses the open order (two entries at once make one); a purchase credited
// closes the open orders it supersedes with their reason, and a payment that still arrives for one is never lost.
import {
  COMMERCE_API,
  MSG,
  ORDER_CODE,
  type OrderDetail,
  type OrderListItem,
  type Overview,
  type Page,
  STAFF_ORDERS_API,
  STAFF_OVERVIEW_API,
  type StaffOrder,
  type TransferInfo,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_WINDOW_MS } from '../../src/modules/commerce/orders.js';
import { closeOpenOrders } from '../../src/modules/commerce/repo.js';
import { SUPERSEDED } from '../../src/modules/commerce/supersede.js';
import type { Envelope } from '../support/app.js';
import {
  attemptRow,
  createOrder,
  createShopApp,
  get,
  loginAs,
  memberRow,
  notify,
  orderRow,
  pay,
  payPayload,
  post,
  type ShopApp,
  setPlan,
} from '../support/commerce.js';
import { signInStaff } from '../support/staff.js';

const BUYER = 'demouser';
/** 集团版, 至尊版, VIP专业版 and VIP地方版 (docs/requirements.md §4 plan ids). */
const GROUP = 11;
const SUPREME = 6;
const PRO = 13;
const LOCAL = 1;

let t: ShopApp;
let token: string;
let staff: string;
let userId: number;

beforeAll(async () => {
  t = await createShopApp();
  token = await loginAs(t, BUYER);
  staff = (await signInStaff(t, 'finance')).cookie;
  userId = (await memberRow(t, BUYER)).id;
});
afterAll(() => t.close());

/** A member on VIP地方版 for 100 more days: every higher plan is on offer. */
const onLocal = () => setPlan(t, BUYER, { level: 20, gid: LOCAL, days: 100 }, t.now());

async function memberList(filter = '') {
  const { status, body } = await get<Page<OrderListItem>>(
    t,
    token,
    `${COMMERCE_API.orderList}?size=100${filter}`,
  );
  expect(status).toBe(200);
  return body.data;
}

async function consoleList(query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${STAFF_ORDERS_API.list}?member=${BUYER}&size=100${query}`,
    headers: { cookie: staff },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope<Page<StaffOrder>>>().data;
}

async function overview() {
  const res = await t.app.inject({
    method: 'GET',
    url: STAFF_OVERVIEW_API.overview,
    headers: { cookie: staff },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json<Envelope<Overview>>().data;
  const byStatus = Object.fromEntries(data.orders_by_status.map((s) => [s.status, s.count]));
  return { orders: data.totals.orders, byStatus };
}

const numbers = (list: readonly { out_trade_no: string }[]) => list.map((o) => o.out_trade_no);

const inboxCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function paidAtSandbox(tradeNo: string) {
  const notification = await t.sandbox.confirm(tradeNo);
  if (!notification) throw new Error(`sandbox refused ${tradeNo}`);
  expect((await notify(t, notification)).statusCode).toBe(204);
}

const eventsOf = (orderId: number) =>
  t.db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

describe('an order nobody tried to pay', () => {
  it('opening the 集团版 and 至尊版 pages adds nothing to 我的订单 or the console; a QR shown adds the order', async () => {
    await onLocal();
    const [mine, theirs, figures] = [await memberList(), await consoleList(), await overview()];
    const group = await createOrder(t, token, GROUP);
    const supreme = await createOrder(t, token, SUPREME);
    expect((await orderRow(t, group.out_trade_no)).status).toBe('created');
    expect((await orderRow(t, supreme.out_trade_no)).status).toBe('created');

    const listed = await memberList();
    expect(listed.total).toBe(mine.total);
    expect(numbers(listed.list)).toEqual(numbers(mine.list));
    expect((await memberList('&status=pending')).list).toEqual([]);
    expect((await consoleList()).total).toBe(theirs.total);
    expect(await overview()).toEqual(figures);
    // The console finds them on asking: 未发起支付, or everything.
    const untried = numbers((await consoleList('&tried=no')).list);
    expect(untried).toEqual(expect.arrayContaining([group.out_trade_no, supreme.out_trade_no]));
    expect(numbers((await consoleList('&tried=all')).list)).toEqual(
      expect.arrayContaining([group.out_trade_no, supreme.out_trade_no, ...numbers(theirs.list)]),
    );
    expect((await consoleList('&tried=all')).total).toBe(theirs.total + untried.length);

    // The member shows the 至尊版 QR code: now it is an order of theirs.
    await pay(t, token, supreme);
    const after = await memberList();
    expect(after.total).toBe(mine.total + 1);
    expect(after.list[0]).toMatchObject({
      out_trade_no: supreme.out_trade_no,
      status: 'paying',
      payable: true,
    });
    expect(numbers((await memberList('&status=pending')).list)).toEqual([supreme.out_trade_no]);
    expect(numbers((await consoleList()).list)).toContain(supreme.out_trade_no);
    expect(numbers((await consoleList()).list)).not.toContain(group.out_trade_no);
    const counted = await overview();
    expect(counted.orders).toBe(figures.orders + 1);
    expect(counted.byStatus.paying).toBe((figures.byStatus.paying ?? 0) + 1);
    expect(counted.byStatus.created).toBe(figures.byStatus.created);
  });

  it('a transfer asked for makes the order the member’s', async () => {
    await onLocal();
    const order = await createOrder(t, token, PRO);
    expect(numbers((await memberList()).list)).not.toContain(order.out_trade_no);
    const info = await post<TransferInfo>(t, token, COMMERCE_API.transfer, {
      out_trade_no: order.out_trade_no,
    });
    expect(info.body.code).toBe(200);
    expect((await memberList('&status=awaiting_transfer')).list[0]?.out_trade_no).toBe(order.out_trade_no);
    expect(numbers((await consoleList('&state=awaiting_transfer')).list)).toContain(order.out_trade_no);
  });

  it('lapses quietly at its pay-by time: expired, never listed, no message', async () => {
    await onLocal();
    const order = await createOrder(t, token, GROUP);
    const messages = await inboxCount();
    t.advance(PAY_WINDOW_MS);
    const swept = await t.app.commerce.sweep();
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t, order.out_trade_no)).status).toBe('expired');
    expect(numbers((await memberList()).list)).not.toContain(order.out_trade_no);
    expect(numbers((await memberList('&status=expired')).list)).not.toContain(order.out_trade_no);
    expect(await inboxCount()).toBe(messages);
    // Its number still answers the timeout, as before.
    const late = await post(t, token, COMMERCE_API.pay, payPayload(order));
    expect(late.body).toMatchObject({ code: ORDER_CODE.expired, message: MSG.orderTimeout });
  });

  it('the console’s 发起支付 filter refuses an unknown value and needs a session', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: `${STAFF_ORDERS_API.list}?tried=maybe`,
      headers: { cookie: staff },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope>().message).toBe(MSG.badRequest);
    const anonymous = await t.app.inject({ method: 'GET', url: `${STAFF_ORDERS_API.list}?tried=no` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('entering an order page again', () => {
  it('reuses the open order of the plan, repriced with a new pay-by time', async () => {
    await onLocal();
    const first = await createOrder(t, token, GROUP);
    t.advance(60_000);
    const again = await createOrder(t, token, GROUP);
    expect(again.out_trade_no).toBe(first.out_trade_no);
    expect(Date.parse(again.late_time)).toBe(Date.parse(first.late_time) + 60_000);
    // Another plan is another order.
    expect((await createOrder(t, token, SUPREME)).out_trade_no).not.toBe(first.out_trade_no);
  });

  it('two tabs entering at once make one order', async () => {
    await onLocal();
    const entries = await Promise.all(Array.from({ length: 4 }, () => createOrder(t, token, PRO)));
    expect(new Set(entries.map((e) => e.out_trade_no)).size).toBe(1);
    const open = await t.db
      .selectFrom('orders')
      .select('out_trade_no')
      .where('user_id', '=', userId)
      .where('gid', '=', PRO)
      .where('status', 'in', ['created', 'paying'])
      .execute();
    expect(open.map((o) => o.out_trade_no)).toEqual([entries[0]?.out_trade_no]);
  });
});

describe('an upgrade', () => {
  it('closes the open order it supersedes with its reason, and its QR code at the provider', async () => {
    await onLocal();
    const pro = await createOrder(t, token, PRO);
    const proQr = await pay(t, token, pro);
    const supreme = await createOrder(t, token, SUPREME);
    await paidAtSandbox((await pay(t, token, supreme)).orderid);
    expect(await memberRow(t, BUYER)).toMatchObject({ level: 60, gid: SUPREME });

    const listed = (await memberList()).list.find((o) => o.out_trade_no === pro.out_trade_no);
    expect(listed).toMatchObject({ status: 'closed', closed_reason: SUPERSEDED, payable: false });
    expect((await orderRow(t, pro.out_trade_no)).closed_reason).toBe(SUPERSEDED);
    const detail = await get<OrderDetail>(
      t,
      token,
      COMMERCE_API.orderDetail.replace('{id}', pro.out_trade_no),
    );
    expect(detail.body.data).toMatchObject({ status: 'closed', closed_reason: SUPERSEDED });
    // The paid order itself carries no reason.
    expect((await memberList()).list.find((o) => o.out_trade_no === supreme.out_trade_no)).toMatchObject({
      status: 'paid',
      closed_reason: null,
    });
    // The sweep asks about the QR code once more, then closes it at the provider.
    await t.app.commerce.sweep();
    expect((await attemptRow(t, proQr.orderid)).status).toBe('closed');
    expect((await t.sandbox.query(proQr.orderid)).state).toBe('closed');
    // Its number answers the timeout to a pay call.
    const refused = await post(t, token, COMMERCE_API.pay, payPayload(pro));
    expect(refused.body).toMatchObject({ code: ORDER_CODE.expired, message: MSG.orderTimeout });
  });

  it('closes a superseded order nobody tried to pay too, still unlisted; a higher one stays open', async () => {
    await onLocal();
    const pro = await createOrder(t, token, PRO);
    const group = await createOrder(t, token, GROUP);
    const supreme = await createOrder(t, token, SUPREME);
    await paidAtSandbox((await pay(t, token, supreme)).orderid);
    expect(await orderRow(t, pro.out_trade_no)).toMatchObject({
      status: 'closed',
      closed_reason: SUPERSEDED,
    });
    expect(numbers((await memberList()).list)).not.toContain(pro.out_trade_no);
    // 集团版 is above 至尊版: still an upgrade on offer, its order open.
    expect(await orderRow(t, group.out_trade_no)).toMatchObject({ status: 'created', closed_reason: null });
  });

  it('a renewal of the plan closes nothing, not even a lower plan’s order opened meanwhile', async () => {
    await onLocal();
    const supreme = await createOrder(t, token, SUPREME);
    await paidAtSandbox((await pay(t, token, supreme)).orderid);
    t.advance(1_000);
    // A lower plan chosen after the upgrade (a change at the period's end), then 至尊版 renewed.
    const later = await createOrder(t, token, PRO);
    await paidAtSandbox((await pay(t, token, await createOrder(t, token, SUPREME))).orderid);
    expect(await orderRow(t, later.out_trade_no)).toMatchObject({ status: 'created', closed_reason: null });
  });

  it('a payment of the superseded order made before its QR closed is recorded and owed back, never lost', async () => {
    await onLocal();
    const pro = await createOrder(t, token, PRO);
    const proQr = await pay(t, token, pro);
    // The payer confirms the 专业版 QR code at the very moment the upgrade is credited: its notification comes after.
    const late = await t.sandbox.confirm(proQr.orderid);
    if (!late) throw new Error(`sandbox refused ${proQr.orderid}`);
    await paidAtSandbox((await pay(t, token, await createOrder(t, token, SUPREME))).orderid);
    await memberList();
    expect((await orderRow(t, pro.out_trade_no)).status).toBe('closed');
    expect((await notify(t, late)).statusCode).toBe(204);
    const row = await orderRow(t, pro.out_trade_no);
    // A plan below the member's level buys nothing: the money is owed back, flagged for the operator.
    expect(row).toMatchObject({
      status: 'closed',
      duplicate_paid: 1,
      refund_fen: Math.round(pro.price * 100),
    });
    expect((await eventsOf(row.id)).map((e) => e.outcome)).toEqual(['stale_payment']);
    expect(await memberRow(t, BUYER)).toMatchObject({ level: 60, gid: SUPREME });
  });

  it('a late payment of a closed order whose plan can still be bought is credited, flagged late', async () => {
    await onLocal();
    const pro = await createOrder(t, token, PRO);
    const qr = await pay(t, token, pro);
    const row = await orderRow(t, pro.out_trade_no);
    expect(await closeOpenOrders(t.db, [row.id], SUPERSEDED, t.now().toISOString())).toBe(1);
    await paidAtSandbox(qr.orderid);
    expect(await orderRow(t, pro.out_trade_no)).toMatchObject({ status: 'paid', paid_late: 1 });
    expect((await eventsOf(row.id)).map((e) => e.outcome)).toEqual(['credited_late']);
    expect(await memberRow(t, BUYER)).toMatchObject({ level: 22, gid: PRO });
  });
});
