// Money that adds up (docs/decisions.md "commerce"): each way a payment was found to credit more than was paid, to
// lower a membership or to leave orders nobody placed, as a regression test. Runs on SQLite and PostgreSQL.
import {
  COMMERCE_API,
  DAY_MS,
  MSG,
  ORDER_CODE,
  type OrderListItem,
  PAY_TYPE,
  type Page,
  type TransferInfo,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_WINDOW_MS } from '../../src/modules/commerce/orders.js';
import { addUnits } from '../../src/modules/commerce/pricing.js';
import {
  changesOf,
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

let t: ShopApp;
let main: string;
let gold: string;

beforeAll(async () => {
  t = await createShopApp();
  main = await loginAs(t, 'demouser');
  gold = await loginAs(t, 'goldvip01');
});
afterAll(() => t.close());

/** The payer pays the QR at the sandbox; its notification is returned, not yet delivered. */
async function paidAtProvider(tradeNo: string) {
  const notification = await t.sandbox.confirm(tradeNo);
  if (!notification) throw new Error(`sandbox refused ${tradeNo}`);
  return notification;
}

const ordersOf = (userId: number) =>
  t.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('what is credited is what was paid for', () => {
  it('a superseded QR paid, its notification arriving after the count changed, credits its own count (1 year, not 5)', async () => {
    const userId = await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const before = await memberRow(t, 'demouser');
    const order = await createOrder(t, main, 13);
    const qr1 = await pay(t, main, order);
    const late = await paidAtProvider(qr1.orderid);
    // The page changes the count to 5 before QR1's notification arrives: QR2 for ¥51,200.
    const qr2 = await pay(t, main, order, { count: 5, finalPrice: 51200 });
    expect(qr2.orderid).not.toBe(qr1.orderid);

    expect((await notify(t, late)).statusCode).toBeLessThan(300);
    const row = await orderRow(t, order.out_trade_no);
    expect(row).toMatchObject({ status: 'paid', count: 1, total_fen: 1_280_000, final_fen: 1_280_000 });
    const member = await memberRow(t, 'demouser');
    const expiry = addUnits(new Date(before.expired_at ?? ''), 'months12', 1).toISOString();
    expect(member.expired_at).toBe(expiry);
    const changes = (await changesOf(t, userId)).filter((c) => c.order_id === row.id);
    expect(changes).toMatchObject([{ units: 1, value_fen: 1_280_000, paid_fen: 1_280_000, kind: 'renew' }]);

    // QR2 was closed at the sandbox once the order was paid: nobody can pay it any more.
    expect(await t.sandbox.confirm(qr2.orderid)).toBeNull();
  });

  it('the same race sent at one moment: whichever wins, the member gets what one payment bought', async () => {
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const before = await memberRow(t, 'demouser');
    const order = await createOrder(t, main, 13);
    const qr1 = await pay(t, main, order);
    const late = await paidAtProvider(qr1.orderid);
    const five = await createOrder(t, main, 13, 5);
    const [payFive, delivered] = await Promise.all([
      post(t, main, COMMERCE_API.pay, payPayload(five)),
      notify(t, late),
    ]);
    expect(payFive.status).toBe(200);
    expect([200, ORDER_CODE.abnormal]).toContain(payFive.body.code);
    expect(delivered.statusCode).toBeLessThan(300);
    const member = await memberRow(t, 'demouser');
    expect(member.expired_at).toBe(addUnits(new Date(before.expired_at ?? ''), 'months12', 1).toISOString());
  });

  it('a second payment of a paid order credits nothing and is owed back', async () => {
    const userId = await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const order = await createOrder(t, main, 13);
    const wechat = await pay(t, main, order);
    const first = await paidAtProvider(wechat.orderid);
    const alipay = await pay(t, main, order, { pay_type: PAY_TYPE.alipay, count: 2, finalPrice: 24320 });
    const second = await paidAtProvider(alipay.orderid);
    await notify(t, second);
    await notify(t, first);
    const row = await orderRow(t, order.out_trade_no);
    expect(row).toMatchObject({ status: 'paid', count: 2, duplicate_paid: 1, refund_fen: 1_280_000 });
    expect((await changesOf(t, userId)).filter((c) => c.order_id === row.id)).toHaveLength(1);
    const listed = await get<Page<OrderListItem>>(t, main, `${COMMERCE_API.orderList}?size=50`);
    expect(listed.body.data.list.find((o) => o.out_trade_no === order.out_trade_no)).toMatchObject({
      status: 'paid',
      refund: 12800,
      payable: false,
    });
  });
});

describe('a switch credits at most what the unused days were paid', () => {
  it('a legacy gold member buys 至尊版 ×5 then ×1 (¥99,000): 集团版 credits ¥99,000, not the last order’s rate', async () => {
    const userId = await setPlan(t, 'goldvip01', { level: 30, gid: null, days: null }, t.now());
    // goldvip01 is a legacy gold member (level 30): 地方版 is below it. It buys 至尊版 instead, then renews it.
    await notify(t, await paidAtProvider((await pay(t, gold, await createOrder(t, gold, 6, 5))).orderid));
    await notify(t, await paidAtProvider((await pay(t, gold, await createOrder(t, gold, 6, 1))).orderid));
    const paid = (await ordersOf(userId))
      .filter((o) => o.status === 'paid')
      .reduce((sum, o) => sum + o.final_fen, 0);
    expect(paid).toBe(7_920_000 + 1_980_000);
    // 集团版 credits the six years left at what they were paid: ¥99,000, not 6 × ¥19,800 = ¥118,800.
    const offer = await createOrder(t, gold, 11, 5);
    expect(offer.kind).toBe('switch');
    expect(offer.credit * 100).toBeLessThanOrEqual(paid);
    expect(offer.credit).toBe(99_000);
  });

  it('地方版 ×5 then ×1 (¥19,900 in all): the offer for 至尊版 credits ¥19,900, not ¥23,890.90', async () => {
    const userId = await setPlan(t, 'demouser', { level: 10, gid: null, days: null }, t.now());
    const since = (await ordersOf(userId)).length;
    await notify(t, await paidAtProvider((await pay(t, main, await createOrder(t, main, 1, 5))).orderid));
    await notify(t, await paidAtProvider((await pay(t, main, await createOrder(t, main, 1, 1))).orderid));
    const paid = (await ordersOf(userId))
      .slice(since)
      .filter((o) => o.status === 'paid')
      .reduce((sum, o) => sum + o.final_fen, 0);
    expect(paid).toBe(1_592_000 + 398_000);
    const offer = await createOrder(t, main, 6);
    expect(offer.credit).toBe(19_900);
    expect(offer.credit * 100).toBeLessThanOrEqual(paid);
  });
});

describe('no path lowers a membership', () => {
  it('after 至尊版, an old 专业版 order is closed as superseded, not payable, and its late QR is owed back', async () => {
    const userId = await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const since = (await changesOf(t, userId)).length;
    const old = await createOrder(t, main, 13);
    const oldQr = await pay(t, main, old);
    const oldPaid = await paidAtProvider(oldQr.orderid);
    const up = await createOrder(t, main, 6);
    await notify(t, await paidAtProvider((await pay(t, main, up)).orderid));
    expect(await memberRow(t, 'demouser')).toMatchObject({ level: 60, gid: 6 });

    // A 专业版 order now is a change at the end of 至尊版 (docs/decisions.md "Legacy levels and changes of plan").
    expect((await createOrder(t, main, 13)).kind).toBe('change');
    // The credit superseded the old order: closed with its reason, so paying it answers the timeout.
    const closed = { code: ORDER_CODE.expired, message: MSG.orderTimeout, data: null };
    expect((await post(t, main, COMMERCE_API.pay, payPayload(old))).body).toEqual(closed);
    expect((await post(t, main, COMMERCE_API.transfer, { out_trade_no: old.out_trade_no })).body).toEqual(
      closed,
    );
    const list = await get<Page<OrderListItem>>(t, main, `${COMMERCE_API.orderList}?size=50`);
    expect(list.body.data.list.find((o) => o.out_trade_no === old.out_trade_no)).toMatchObject({
      status: 'closed',
      closed_reason: 'superseded',
      payable: false,
    });

    // The 专业版 QR paid before the upgrade, its notification late: nothing lowered, the money owed back.
    expect((await notify(t, oldPaid)).statusCode).toBeLessThan(300);
    expect(await memberRow(t, 'demouser')).toMatchObject({ level: 60, gid: 6 });
    expect(await orderRow(t, old.out_trade_no)).toMatchObject({ refund_fen: 1_280_000, duplicate_paid: 1 });
    expect((await changesOf(t, userId)).slice(since).map((c) => c.gid_after)).toEqual([6]);
  });

  it('a payment priced against a plan that changed since is owed back, not credited twice', async () => {
    // Two switches priced against the same 专业版 days, both paid: the second would credit those days again.
    const userId = await setPlan(t, 'demouser', { level: 22, gid: 13, days: 200 }, t.now());
    const supreme = await createOrder(t, main, 6);
    const group = await createOrder(t, main, 11);
    const first = await paidAtProvider((await pay(t, main, supreme)).orderid);
    const second = await paidAtProvider((await pay(t, main, group)).orderid);
    await notify(t, first);
    await notify(t, second);
    expect(await memberRow(t, 'demouser')).toMatchObject({ level: 60, gid: 6 });
    expect(await orderRow(t, group.out_trade_no)).toMatchObject({
      refund_fen: Math.round(group.price * 100),
      duplicate_paid: 1,
    });
    const ids = [(await orderRow(t, supreme.out_trade_no)).id, (await orderRow(t, group.out_trade_no)).id];
    expect((await changesOf(t, userId)).filter((c) => ids.includes(c.order_id))).toHaveLength(1);
  });
});

describe('orders a member can trust', () => {
  it('entering the order page again and changing the quantity reuse one order per plan', async () => {
    const userId = await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const before = (await ordersOf(userId)).length;
    const numbers = new Set<string>();
    for (const count of [1, 2, 3, 1, 5, 1]) numbers.add((await createOrder(t, main, 13, count)).out_trade_no);
    for (const count of [1, 2, 1]) numbers.add((await createOrder(t, main, 6, count)).out_trade_no);
    expect(numbers.size).toBe(2);
    expect((await ordersOf(userId)).length - before).toBe(2);
    // Nobody tried to pay them yet: not the member's to see (docs/decisions.md "Orders nobody tried to pay").
    const untried = await get<Page<OrderListItem>>(t, main, `${COMMERCE_API.orderList}?status=pending`);
    expect(untried.body.data.total).toBe(0);
    for (const gid of [13, 6]) {
      const order = await createOrder(t, main, gid);
      numbers.add(order.out_trade_no);
      await pay(t, main, order);
    }
    expect(numbers.size).toBe(2);
    const pending = await get<Page<OrderListItem>>(t, main, `${COMMERCE_API.orderList}?status=pending`);
    expect(pending.body.data.list.map((o) => o.gid).sort((a, b) => a - b)).toEqual([6, 13]);
    expect(pending.body.data.list.every((o) => o.price >= 0 && o.payable)).toBe(true);

    // Past its pay-by time an unpaid order leaves 待支付; the next visit opens a new one.
    t.advance(PAY_WINDOW_MS + 1_000);
    const later = await get<Page<OrderListItem>>(t, main, `${COMMERCE_API.orderList}?status=pending`);
    expect(later.body.data.total).toBe(0);
    expect(numbers.has((await createOrder(t, main, 13)).out_trade_no)).toBe(false);
  });

  it('concurrent entries of one plan’s order page open one order', async () => {
    const userId = await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(t, main, COMMERCE_API.order, { gid: 13, count: (i % 5) + 1 }),
      ),
    );
    expect(answers.every((a) => a.status === 200 && a.body.code === 200)).toBe(true);
    const open = (await ordersOf(userId)).filter((o) => o.status === 'created' || o.status === 'paying');
    expect(open).toHaveLength(1);
  });

  it('a pay after the order was paid answers 订单异常 (not 订单已过期)', async () => {
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const order = await createOrder(t, main, 13);
    const qr = await pay(t, main, order);
    await notify(t, await paidAtProvider(qr.orderid));
    const again = await post(t, main, COMMERCE_API.pay, payPayload(order));
    expect(again.body).toMatchObject({ code: ORDER_CODE.abnormal, message: MSG.orderAbnormal });
  });

  it('pay calls racing the payment’s notification answer a QR or 订单异常, never 订单已过期', async () => {
    const codes = new Set<number>();
    for (let round = 0; round < 8; round += 1) {
      await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
      const order = await createOrder(t, main, 13);
      const paid = await paidAtProvider((await pay(t, main, order)).orderid);
      const [, ...answers] = await Promise.all([
        notify(t, paid),
        ...Array.from({ length: 4 }, () => post(t, main, COMMERCE_API.pay, payPayload(order))),
      ]);
      for (const a of answers) {
        expect(a.status).toBe(200);
        codes.add(a.body.code);
      }
    }
    expect([...codes].filter((c) => c !== 200 && c !== ORDER_CODE.abnormal)).toEqual([]);
  });

  it('50 concurrent pay calls on one order: no 5xx, one open QR, the attempts numbered in turn', async () => {
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const order = await createOrder(t, main, 13);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(t, main, COMMERCE_API.pay, payPayload(order))),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    // Twenty QR codes per order at most; the rest are refused as abnormal.
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(20);
    expect(answers.every((a) => a.body.code === 200 || a.body.code === ORDER_CODE.abnormal)).toBe(true);
    const row = await orderRow(t, order.out_trade_no);
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('order_id', '=', row.id)
      .orderBy('seq')
      .execute();
    expect(attempts.map((a) => a.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(attempts.filter((a) => a.status === 'open')).toHaveLength(1);
  });

  it('a transfer freezes what it buys: a renewal buys its years from the expiry there is then, a switch priced against a plan changed since is owed back', async () => {
    const userId = await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const renewal = await createOrder(t, main, 13, 2);
    const upgrade = await createOrder(t, main, 6);
    for (const order of [renewal, upgrade]) {
      const info = await post<TransferInfo>(t, main, COMMERCE_API.transfer, {
        out_trade_no: order.out_trade_no,
      });
      expect(info.body.data.amount).toBe(order.price);
    }
    // Meanwhile the member renews by QR on a new order: both transfers were priced against the expiry before.
    const qr = await createOrder(t, main, 13);
    expect(qr.out_trade_no).not.toBe(renewal.out_trade_no);
    await notify(t, await paidAtProvider((await pay(t, main, qr)).orderid));
    const expiry = (await memberRow(t, 'demouser')).expired_at ?? '';
    t.advance(3 * DAY_MS);
    const { confirmTransfer } = await import('../../src/modules/commerce/transfer.js');
    // The switch's credit valued days that the QR renewal changed: owed back.
    const stale = await confirmTransfer(
      t.ledger,
      t.now(),
      upgrade.out_trade_no,
      Math.round(upgrade.price * 100),
    );
    expect(stale).toMatchObject({ ok: true, result: { outcome: 'stale_payment' } });
    const row = await orderRow(t, upgrade.out_trade_no);
    expect(row).toMatchObject({ refund_fen: Math.round(upgrade.price * 100), status: 'awaiting_transfer' });
    expect((await changesOf(t, userId)).filter((c) => c.order_id === row.id)).toEqual([]);
    expect((await memberRow(t, 'demouser')).expired_at).toBe(expiry);
    // The renewal's price never depended on the expiry: its two years follow the one the QR left.
    const renewed = await confirmTransfer(t.ledger, t.now(), renewal.out_trade_no, 2_432_000);
    expect(renewed).toMatchObject({ ok: true, result: { outcome: 'credited' } });
    expect((await memberRow(t, 'demouser')).expired_at).toBe(
      addUnits(new Date(expiry), 'months12', 2).toISOString(),
    );
  });
});
