// 购买次数 (POST /saastools/buytoolsactions): a tool's credit pack is an order of the same orders, attempts and
// crediting as a plan's. The member's one open pack order is repriced by a second call; a paid order grants its
// credits once (a redelivered notification or a second confirmation grants nothing more), a transfer credits the same
// way, and each rule broken answers its Chinese message; 401 without a token, 403 for a sub-account.
import {
  COMMERCE_API,
  type CreditPack,
  fillPath,
  MSG,
  type MyTool,
  type OrderCreated,
  type OrderDetail,
  type OrderListItem,
  type Page,
  PLAN,
  TOOLS_API,
  type TransferInfo,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmTransfer } from '../../src/modules/commerce/transfer.js';
import { createShopApp, get, loginAs, notify, pay, post, type ShopApp } from '../support/commerce.js';

let t: ShopApp;
let trial: string;
let vip: string;
let sub: string;
let packs: CreditPack[];

beforeAll(async () => {
  t = await createShopApp();
  trial = await loginAs(t, 'trialuser');
  vip = await loginAs(t, 'demouser');
  sub = await loginAs(t, 'demosub01');
  const res = await get<CreditPack[]>(t, trial, `${TOOLS_API.packPrices}?tool=hts_score`);
  packs = res.body.data;
});
afterAll(() => t.close());

const pack = (i: number): CreditPack => {
  const found = packs[i];
  if (!found) throw new Error(`no pack ${i}`);
  return found;
};

async function buy(token: string, payload: Record<string, unknown>) {
  return post<OrderCreated>(t, token, TOOLS_API.buy, payload);
}

async function order(token: string, packIndex: number, count = 1): Promise<OrderCreated> {
  const res = await buy(token, { tool: 'hts_score', pack: pack(packIndex).id, count });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function credits(token: string): Promise<number> {
  const res = await get<MyTool[]>(t, token, TOOLS_API.mine);
  return res.body.data.find((tool) => tool.code === 'hts_score')?.credits ?? -1;
}

async function paidAtProvider(tradeNo: string) {
  const notification = await t.sandbox.confirm(tradeNo);
  if (!notification) throw new Error(`the sandbox refused ${tradeNo}`);
  return notification;
}

const grantsOf = (orderId: number) =>
  t.db
    .selectFrom('tool_credit_grants')
    .selectAll()
    .where('source_type', '=', 'order')
    .where('source_id', '=', String(orderId))
    .execute();

const orderRow = (outTradeNo: string) =>
  t.db.selectFrom('orders').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow();

describe('POST /saastools/buytoolsactions', () => {
  it('opens the member’s one pack order, priced per pack, and reprices it for another pack or count', async () => {
    const first = await order(trial, 0, 2);
    expect(first).toMatchObject({
      gid: PLAN.credits,
      kind: 'credits',
      count: 2,
      price: pack(0).price * 2,
      total: pack(0).price * 2,
      credit: 0,
      price_list: [],
      expired_time: null,
      pack: { id: pack(0).id, tool: 'hts_score', tool_name: '高企评分', uses: pack(0).uses },
      name: `高企评分次数包（${pack(0).uses}次）`,
      lines: [{ label: `高企评分次数包（${pack(0).uses}次） × 2`, amount: pack(0).price * 2 }],
    });
    const expiry = Date.parse(first.new_expired_time ?? '');
    expect(expiry - t.now().getTime()).toBe(pack(0).valid_days * 86_400_000);
    const second = await order(trial, 1);
    expect(second.out_trade_no).toBe(first.out_trade_no);
    expect(second).toMatchObject({ count: 1, price: pack(1).price, pack: { id: pack(1).id } });
    // 我的订单 lists it once the member tried to pay it.
    const untried = await get<Page<OrderListItem>>(t, trial, `${COMMERCE_API.orderList}?size=100`);
    expect(untried.body.data.list.some((o) => o.out_trade_no === first.out_trade_no)).toBe(false);
    await pay(t, trial, second);
    const listed = await get<Page<OrderListItem>>(t, trial, `${COMMERCE_API.orderList}?size=100`);
    expect(listed.body.data.list.find((o) => o.out_trade_no === first.out_trade_no)).toMatchObject({
      name: `高企评分次数包（${pack(1).uses}次）`,
      payable: true,
      pack: { id: pack(1).id, uses: pack(1).uses },
    });
  });

  it('grants count × uses credits once when the order is paid, whatever is redelivered', async () => {
    const before = await credits(trial);
    const created = await order(trial, 0, 3);
    const qr = await pay(t, trial, created);
    const notification = await paidAtProvider(qr.orderid);
    expect((await notify(t, notification)).statusCode).toBe(204);
    expect((await notify(t, notification)).statusCode).toBe(204);
    expect(await credits(trial)).toBe(before + pack(0).uses * 3);
    const row = await orderRow(created.out_trade_no);
    expect(row).toMatchObject({ status: 'paid', pack_id: pack(0).id, count: 3 });
    const grants = await grantsOf(row.id);
    expect(grants).toMatchObject([{ total: pack(0).uses * 3, remaining: pack(0).uses * 3 }]);
    expect(row.expiry_after).toBe(grants[0]?.expires_at);
    const detail = await get<OrderDetail>(t, trial, fillPath(COMMERCE_API.orderDetail, created.out_trade_no));
    expect(detail.body.data).toMatchObject({
      status: 'paid',
      change: null,
      grant: { tool_name: '高企评分', uses: pack(0).uses * 3, expires_at: grants[0]?.expires_at },
    });
    // The member's plan did not change.
    const member = await t.db
      .selectFrom('membership_changes')
      .select('id')
      .where('order_id', '=', row.id)
      .execute();
    expect(member).toEqual([]);
  });

  it('credits the pack a QR was issued for, though the order was repriced to another pack since', async () => {
    const before = await credits(trial);
    const created = await order(trial, 0);
    const qr = await pay(t, trial, created);
    const repriced = await order(trial, 1, 2);
    expect(repriced.out_trade_no).toBe(created.out_trade_no);
    expect((await notify(t, await paidAtProvider(qr.orderid))).statusCode).toBe(204);
    expect(await credits(trial)).toBe(before + pack(0).uses);
    expect(await orderRow(created.out_trade_no)).toMatchObject({
      status: 'paid',
      pack_id: pack(0).id,
      count: 1,
      final_fen: Math.round(pack(0).price * 100),
    });
    const listed = await get<Page<OrderListItem>>(t, trial, `${COMMERCE_API.orderList}?size=100`);
    expect(listed.body.data.list.find((o) => o.out_trade_no === created.out_trade_no)).toMatchObject({
      name: `高企评分次数包（${pack(0).uses}次）`,
      count: 1,
    });
  });

  it('credits a pack paid by corporate transfer once, on the operator’s confirmation', async () => {
    const before = await credits(trial);
    const created = await order(trial, 1);
    const transfer = await post<TransferInfo>(t, trial, COMMERCE_API.transfer, {
      out_trade_no: created.out_trade_no,
    });
    expect(transfer.body.data.amount).toBe(pack(1).price);
    const amountFen = Math.round(pack(1).price * 100);
    const first = await confirmTransfer(t.ledger, t.now(), created.out_trade_no, amountFen);
    const again = await confirmTransfer(t.ledger, t.now(), created.out_trade_no, amountFen);
    expect(first).toMatchObject({ ok: true, result: { outcome: 'credited' } });
    expect(again).toMatchObject({ ok: true, result: { outcome: 'already_credited' } });
    expect(await credits(trial)).toBe(before + pack(1).uses);
  });

  it('refuses a pack taken off sale before it is paid (订单异常), and a price the page did not show', async () => {
    const created = await order(trial, 2);
    const wrong = await post(t, trial, COMMERCE_API.pay, {
      gid: created.gid,
      out_trade_no: created.out_trade_no,
      pay_type: 1,
      finalPrice: created.price - 1,
      count: 1,
    });
    expect(wrong.body).toMatchObject({ message: MSG.orderAbnormal });
    await t.db.updateTable('tool_credit_packs').set({ on_sale: 0 }).where('id', '=', pack(2).id).execute();
    try {
      const res = await post(t, trial, COMMERCE_API.pay, {
        gid: created.gid,
        out_trade_no: created.out_trade_no,
        pay_type: 1,
        finalPrice: created.price,
        count: 1,
      });
      expect(res.body).toMatchObject({ message: MSG.orderAbnormal });
      expect((await buy(trial, { tool: 'hts_score', pack: pack(2).id })).body).toMatchObject({
        message: MSG.packInvalid,
      });
    } finally {
      await t.db.updateTable('tool_credit_packs').set({ on_sale: 1 }).where('id', '=', pack(2).id).execute();
    }
  });

  it('answers each rule broken with its message', async () => {
    const others = await get<CreditPack[]>(t, trial, `${TOOLS_API.packPrices}?tool=sme_evaluation`);
    const cases: [Record<string, unknown>, string][] = [
      [{ tool: 'hts_score', pack: others.body.data[0]?.id }, MSG.packInvalid],
      [{ tool: 'hts_score', pack: 2_000_000_000 }, MSG.packInvalid],
      [{ tool: 'hts_score', pack: 'abc' }, MSG.packInvalid],
      [{ tool: 'hts_score', pack: pack(0).id, count: 9 }, MSG.orderCountInvalid],
      [{ tool: 'nope', pack: pack(0).id }, MSG.toolInvalid],
      [{ tool: 'rd', pack: pack(0).id }, MSG.packInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await buy(trial, payload);
      expect(res, JSON.stringify(payload)).toMatchObject({ status: 400, body: { message } });
    }
    // A member whose level includes the tool buys no credits for it.
    expect(await buy(vip, { tool: 'hts_score', pack: pack(0).id })).toMatchObject({
      status: 400,
      body: { message: MSG.toolIncluded },
    });
    // The packs' catalogue row is no plan to order.
    const plan = await post(t, trial, COMMERCE_API.order, { gid: PLAN.credits });
    expect(plan.body).toMatchObject({ message: MSG.orderCreateFailed });
  });

  it('answers 401 without a token and 403 to a sub-account', async () => {
    expect((await buy('', { tool: 'hts_score', pack: pack(0).id })).status).toBe(401);
    expect(await buy(sub, { tool: 'hts_score', pack: pack(0).id })).toMatchObject({
      status: 403,
      body: { message: MSG.subAccountNoPackages },
    });
  });
});
