// Legacy levels and changes of plan over HTTP (docs/decisions.md "Legacy levels and changes of plan"): 黄金会员 renews
// at its row's price and moves to 至尊版 with its days credited; a lower plan is paid now, scheduled, shown, cancellable,
// and applied exactly once when the running plan ends. Success, the rule broken with its exact message, 401 and 403 for
// a sub-account; runs on SQLite and PostgreSQL.
import { COMMERCE_API, MSG, ORDER_CODE, type PlanChangeState } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUnits } from '../../src/modules/commerce/pricing.js';
import {
  buyPaid,
  changesOf,
  createOrder,
  createShopApp,
  get,
  loginAs,
  memberRow,
  orderRow,
  post,
  type ShopApp,
  setPlan,
} from '../support/commerce.js';

let t: ShopApp;
let gold: string;
let main: string;
let sub: string;

beforeAll(async () => {
  t = await createShopApp();
  t.app.commerce.stopSweep();
  gold = await loginAs(t, 'goldvip01');
  main = await loginAs(t, 'demouser');
  sub = await loginAs(t, 'demosub01');
});
afterAll(() => t.close());

/** goldvip01 as the seed has it: 黄金会员, no plan id, its expiry exactly a year ahead. */
async function goldForAYear(): Promise<string> {
  await setPlan(t, 'goldvip01', { level: 30, gid: null, days: null }, t.now());
  const expiry = addUnits(t.now(), 'year', 1).toISOString();
  await t.db.updateTable('users').set({ expired_at: expiry }).where('username', '=', 'goldvip01').execute();
  return expiry;
}

const state = async (token: string) =>
  (await get<PlanChangeState>(t, token, COMMERCE_API.planChange)).body.data;

describe('a legacy level renews', () => {
  it('goldvip01 renews 黄金会员 at ¥12,800 a year from its expiry; the page offers its row', async () => {
    const expiry = await goldForAYear();
    expect((await state(gold)).legacy_plan).toMatchObject({
      gid: 30,
      name: '黄金会员',
      level: 30,
      unit_price: 12800,
    });
    const order = await createOrder(t, gold, 30);
    expect(order).toMatchObject({ kind: 'renew', total: 12800, credit: 0, price: 12800 });
    expect(order.new_expired_time).toBe(addUnits(new Date(expiry), 'year', 1).toISOString());
    await buyPaid(t, gold, 30);
    expect(await memberRow(t, 'goldvip01')).toMatchObject({
      level: 30,
      gid: 30,
      expired_at: addUnits(new Date(expiry), 'year', 1).toISOString(),
    });
  });

  it('the row is sold to that level only: 订单创建失败 for another member', async () => {
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const res = await post(t, main, COMMERCE_API.order, { gid: 30, count: 1 });
    expect(res.body).toEqual({ code: ORDER_CODE.createFailed, message: MSG.orderCreateFailed, data: null });
    expect((await state(main)).legacy_plan).toBeNull();
  });
});

describe('a legacy level moves to a current plan', () => {
  it('goldvip01 -> 至尊版: ¥19,800 less ¥12,800 for 365 gold days, a year from now', async () => {
    const expiry = await goldForAYear();
    const order = await createOrder(t, gold, 6);
    expect(order).toMatchObject({
      kind: 'switch',
      total: 19800,
      credit: 12800,
      price: 7000,
      unused_days: 365,
    });
    expect(order.new_expired_time).toBe(expiry);
    expect(await buyPaid(t, gold, 6)).toBe(700_000);
    expect(await memberRow(t, 'goldvip01')).toMatchObject({ level: 60, gid: 6, expired_at: expiry });
  });
});

describe('a lower plan is a change at the end of the period', () => {
  it('至尊版 -> 专业版: paid now, shown, refused a second time, applied once when 至尊版 ends', async () => {
    const userId = await setPlan(t, 'demouser', { level: 60, gid: 6, days: 30 }, t.now());
    const before = await memberRow(t, 'demouser');
    const order = await createOrder(t, main, 13);
    expect(order).toMatchObject({ kind: 'change', total: 12800, credit: 0, price: 12800 });
    const ends = addUnits(new Date(before.expired_at ?? ''), 'months12', 1).toISOString();
    expect(order.new_expired_time).toBe(ends);
    await buyPaid(t, main, 13);
    // Nothing lowered today.
    expect(await memberRow(t, 'demouser')).toMatchObject({
      level: 60,
      gid: 6,
      expired_at: before.expired_at,
    });
    expect((await state(main)).scheduled).toMatchObject({
      gid: 13,
      name: 'VIP专业版',
      count: 1,
      out_trade_no: order.out_trade_no,
      paid: 12800,
      starts_at: before.expired_at,
      ends_at: ends,
    });
    // One change at a time.
    const again = await post(t, main, COMMERCE_API.order, { gid: 1, count: 1 });
    expect(again.body).toEqual({
      code: ORDER_CODE.changeScheduled,
      message: MSG.planChangeScheduled,
      data: null,
    });

    // Before the end: still 至尊版. After it, the sweeps and the member's read at once apply it exactly once.
    await t.app.commerce.sweep();
    expect((await memberRow(t, 'demouser')).level).toBe(60);
    t.advance(Date.parse(before.expired_at ?? '') - t.now().getTime() + 1_000);
    main = await loginAs(t, 'demouser');
    sub = await loginAs(t, 'demosub01');
    await Promise.all([t.app.commerce.sweep(), t.app.commerce.sweep(), state(main), state(main)]);
    expect(await memberRow(t, 'demouser')).toMatchObject({ level: 22, gid: 13, expired_at: ends });
    const paid = await orderRow(t, order.out_trade_no);
    expect((await changesOf(t, userId)).filter((c) => c.order_id === paid.id)).toMatchObject([
      { kind: 'change', gid_before: 6, gid_after: 13, expiry_before: before.expired_at, expiry_after: ends },
    ]);
    const periods = await t.db
      .selectFrom('plan_periods')
      .selectAll()
      .where('order_id', '=', paid.id)
      .execute();
    expect(periods).toMatchObject([
      { kind: 'start', starts_at: before.expired_at, ends_at: ends, value_fen: 1_280_000 },
    ]);
    expect((await state(main)).scheduled).toBeNull();
    await t.app.commerce.sweep();
    expect((await changesOf(t, userId)).filter((c) => c.order_id === paid.id)).toHaveLength(1);
  });

  it('cancelled before the end: nothing changes, the money is owed back; a second cancel is refused', async () => {
    await setPlan(t, 'demouser', { level: 61, gid: 11, days: 10 }, t.now());
    const before = await memberRow(t, 'demouser');
    const order = await createOrder(t, main, 6);
    expect(order.kind).toBe('change');
    await buyPaid(t, main, 6);
    const res = await post(t, main, COMMERCE_API.planChangeCancel, {});
    expect(res.body).toEqual({ code: 200, message: MSG.planChangeCancelled, data: null });
    expect(await orderRow(t, order.out_trade_no)).toMatchObject({
      status: 'paid',
      refund_fen: 1_980_000,
      duplicate_paid: 1,
    });
    const again = await post(t, main, COMMERCE_API.planChangeCancel, {});
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 400, message: MSG.planChangeMissing });
    t.advance(11 * 86_400_000);
    main = await loginAs(t, 'demouser');
    sub = await loginAs(t, 'demosub01');
    await t.app.commerce.sweep();
    expect(await memberRow(t, 'demouser')).toMatchObject({
      level: 61,
      gid: 11,
      expired_at: before.expired_at,
    });
  });

  it('401 without a token, 403 for a sub-account', async () => {
    expect((await get(t, null, COMMERCE_API.planChange)).status).toBe(401);
    expect((await post(t, null, COMMERCE_API.planChangeCancel, {})).status).toBe(401);
    for (const res of [
      await get(t, sub, COMMERCE_API.planChange),
      await post(t, sub, COMMERCE_API.planChangeCancel, {}),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403, message: MSG.subAccountNoPackages });
    }
  });
});
