// A granted day is not money (docs/decisions.md "commerce", "What a day is worth"): staff's 修改套餐, an operator's
// card and the seed give days worth nothing, so a later switch (至尊版's 当前套餐剩余价值抵扣) credits only the unused part
// of what was paid: three granted years and one paid year of 专业版 (¥12,800) credit at most ¥12,800, never ¥51,200.
// Through the real routes: the console's set-plan call, the order and pay calls, the sandbox's notification.
import {
  CARDS_API,
  DAY_MS,
  type GiftCards,
  type GiftProduct,
  MSG,
  type OrderCreated,
  STAFF_MEMBERS_API,
  shanghaiDate,
  staffIdPath,
} from '@uc/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addUnits } from '../../src/modules/commerce/pricing.js';
import type { Envelope } from '../support/app.js';
import { issueCards } from '../support/cards.js';
import {
  buyPaid,
  createOrder,
  createShopApp,
  get,
  loginAs,
  notify,
  pay,
  post,
  type ShopApp,
} from '../support/commerce.js';
import { loginRequest } from '../support/login.js';
import { createMember, MEMBER_PASSWORD, type TestMember } from '../support/members.js';
import { signInStaff } from '../support/staff.js';

let t: ShopApp;
let ops: string;
let service: string;
let made = 0;

beforeAll(async () => {
  t = await createShopApp();
  t.app.commerce.stopSweep();
});
// Signed in afresh on the app clock, which a test moves on by years.
beforeEach(async () => {
  ops = (await signInStaff(t, 'ops')).cookie;
  service = (await signInStaff(t, 'service')).cookie;
});
afterAll(() => t.close());

/** A trial member without a plan, as trialuser is. */
function trialMember(): Promise<TestMember> {
  made += 1;
  return createMember(t, `grant${process.pid % 10_000}x${made}`, { trial: true });
}

/** 修改套餐 in the console: 专业版 (level 22) until the Shanghai day `years` years from now. */
function staffSetsPlan(cookie: string, memberId: number, years: number) {
  return t.app.inject({
    method: 'POST',
    url: staffIdPath(STAFF_MEMBERS_API.plan, memberId),
    headers: { cookie },
    payload: {
      gid: 13,
      level: 22,
      expired_on: shanghaiDate(addUnits(t.now(), 'year', years)),
      reason: '线下签约赠送',
    },
  });
}

const periodsOf = (userId: number) =>
  t.db.selectFrom('plan_periods').selectAll().where('user_id', '=', userId).orderBy('id').execute();

const wholeDays = (from: number, to: number) => Math.max(0, Math.floor((to - from) / DAY_MS));

describe('a plan staff set is worth nothing to a switch', () => {
  it('three granted years: 至尊版 is offered with no credit, and the ledger records the grant at 0', async () => {
    const member = await trialMember();
    const res = await staffSetsPlan(ops, member.id, 3);
    expect(res.statusCode, res.body).toBe(200);
    const offer = await createOrder(t, member.token, 6);
    expect(offer).toMatchObject({ kind: 'switch', credit: 0, total: 19800, price: 19800 });
    expect(offer.lines.map((l) => l.label)).toEqual(['至尊版 × 1年']);
    const [row] = await periodsOf(member.id);
    expect(row).toMatchObject({ gid: 13, kind: 'start', value_fen: 0, source: 'staff', order_id: null });
  });

  it('three granted years, then one paid (¥12,800): the credit is the paid year, at most ¥12,800', async () => {
    const member = await trialMember();
    expect((await staffSetsPlan(ops, member.id, 3)).statusCode).toBe(200);
    const paid = await buyPaid(t, member.token, 13);
    expect(paid).toBe(1_280_000);
    const offer = await createOrder(t, member.token, 6);
    expect(offer.kind).toBe('switch');
    expect(offer.credit * 100).toBeLessThanOrEqual(paid);
    // The paid year has not begun: all of it is still ahead.
    expect(offer.credit).toBe(12_800);
    expect(offer.lines).toContainEqual({ label: '当前套餐剩余价值抵扣', amount: -12_800 });

    // 100 days into the paid year, only its part still ahead is credited.
    const periods = await periodsOf(member.id);
    const bought = periods.find((p) => p.source === 'order');
    if (!bought) throw new Error('no paid period');
    expect(bought).toMatchObject({ kind: 'extend', value_fen: 1_280_000 });
    const start = Date.parse(bought.starts_at);
    const end = Date.parse(bought.ends_at);
    t.advance(start - t.now().getTime() + 100 * DAY_MS);
    const login = await loginRequest(t.app, member.username, MEMBER_PASSWORD);
    const token = login.json<Envelope<{ token: string }>>().data.token;
    const later = await createOrder(t, token, 6);
    const share = wholeDays(t.now().getTime(), end) / wholeDays(start, end);
    expect(later.credit * 100).toBe(Math.floor(1_280_000 * share));
    expect(later.credit * 100).toBeLessThan(paid);
  });

  it('a part refund of the paid year lowers what it is worth: the credit never exceeds the money kept', async () => {
    const member = await trialMember();
    expect((await staffSetsPlan(ops, member.id, 1)).statusCode).toBe(200);
    await buyPaid(t, member.token, 13);
    const order = await t.db
      .selectFrom('orders')
      .select('out_trade_no')
      .where('user_id', '=', member.id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    await t.app.commerce.requestRefund({
      outTradeNo: order.out_trade_no,
      amountFen: 100_000,
      reason: '部分退款',
      staffId: null,
    });
    const offer = await createOrder(t, member.token, 6);
    expect(offer.credit).toBe(11_800);
  });

  it('staff shortening a paid plan: only the paid days up to the cut are credited, even when extended again', async () => {
    const member = await trialMember();
    const paid = await buyPaid(t, member.token, 13, 2);
    expect(paid).toBe(2_432_000);
    const full = await createOrder(t, member.token, 6);
    expect(full.credit * 100).toBe(paid);
    // Cut to a year from now, then granted three years: the second paid year was taken, the grant is worth nothing.
    expect((await staffSetsPlan(ops, member.id, 1)).statusCode).toBe(200);
    expect((await staffSetsPlan(ops, member.id, 3)).statusCode).toBe(200);
    expect((await periodsOf(member.id)).map((p) => [p.kind, p.source, p.value_fen])).toEqual([
      ['start', 'order', 2_432_000],
      ['cut', 'staff', 0],
      ['extend', 'staff', 0],
    ]);
    const offer = await createOrder(t, member.token, 6);
    expect(offer.credit * 100).toBeLessThanOrEqual(paid / 2 + 100);
    expect(offer.credit).toBeGreaterThan(12_000);
  });

  it('401 without a staff session and 403 for 客服: nothing set, nothing recorded', async () => {
    const member = await trialMember();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: staffIdPath(STAFF_MEMBERS_API.plan, member.id),
      payload: { gid: 13, level: 22, expired_on: '2099-12-31', reason: '赠送' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<Envelope>().message).toBe(MSG.staffSessionExpired);
    expect((await staffSetsPlan(service, member.id, 3)).statusCode).toBe(403);
    const refused = await t.app.inject({
      method: 'POST',
      url: staffIdPath(STAFF_MEMBERS_API.plan, member.id),
      headers: { cookie: ops },
      payload: { gid: 13, level: 60, expired_on: '2099-12-31', reason: '赠送' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Envelope>().message).toBe(MSG.memberPlanInvalid);
    expect(await periodsOf(member.id)).toEqual([]);
  });
});

describe('a card is worth what was paid for it', () => {
  it('a bought 专业版 year card credits its price per card; nothing more', async () => {
    const buyer = await loginAs(t, 'demouser');
    const products = (await get<GiftProduct[]>(t, buyer, CARDS_API.shop)).body.data;
    const product = products.find((p) => p.name === 'VIP专业版年卡');
    if (!product) throw new Error('no 专业版 year card');
    const created = await post<OrderCreated>(t, buyer, CARDS_API.shop, { product: product.id, count: 2 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const qr = await pay(t, buyer, created.body.data);
    const notification = await t.sandbox.confirm(qr.orderid);
    if (!notification) throw new Error('the sandbox refused');
    expect((await notify(t, notification)).statusCode).toBeLessThan(300);
    const cards = await get<GiftCards>(
      t,
      buyer,
      `${CARDS_API.giftCards}?out_trade_no=${created.body.data.out_trade_no}`,
    );
    const [card] = cards.body.data.cards;

    const member = await trialMember();
    const bound = await post(t, member.token, CARDS_API.bind, {
      card_no: card?.card_no,
      card_secret: card?.card_secret,
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    const perCard = Math.floor(Math.round(created.body.data.price * 100) / 2);
    expect((await periodsOf(member.id)).map((p) => [p.kind, p.source, p.value_fen])).toEqual([
      ['start', 'card', perCard],
    ]);
    const offer = await createOrder(t, member.token, 6);
    expect(offer.credit * 100).toBe(perCard);
  });

  it('an operator card (no money) credits nothing', async () => {
    const member = await trialMember();
    const [card] = (await issueCards(t, 'plan:13:1', 1, { name: '赠送卡' })).cards;
    const bound = await post(t, member.token, CARDS_API.bind, {
      card_no: card?.no,
      card_secret: card?.secret,
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect((await periodsOf(member.id)).map((p) => [p.kind, p.source, p.value_fen])).toEqual([
      ['start', 'card', 0],
    ]);
    expect((await createOrder(t, member.token, 6)).credit).toBe(0);
  });
});
