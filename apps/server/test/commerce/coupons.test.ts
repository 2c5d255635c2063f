// Coupons (GET /product/coupontype/index/, the order calls' `coupon`): templates and issuing by the operator command,
// what a coupon takes off an order and why one does not apply, locked to the order when an attempt is issued, used
// when the order is credited, released when the order expires or is repriced without it; a coupon raced by two orders
// serves one; a payment of an attempt whose coupon another order took meanwhile buys nothing and is owed back; a paid
// QR whose coupon a later attempt replaced is credited with its own and frees the other; a 0-yuan order is credited
// without a QR code; coupon cards. 401 without a token, 403 for a sub-account.

import {
  CARDS_API,
  COMMERCE_API,
  COUPONS_API,
  type CreditPack,
  MSG,
  type MyCard,
  type MyCoupon,
  type OrderCreated,
  type OrderDetail,
  type PayCreated,
  PLAN,
  TOOLS_API,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePayment } from '../../src/modules/commerce/crediting.js';
import { runCouponsCli } from '../../src/modules/coupons/cli.js';
import { type IssuedCard, issueCards } from '../support/cards.js';
import {
  createShopApp,
  get,
  loginAs,
  notify,
  orderRow,
  pay,
  payPayload,
  post,
  type ShopApp,
  setPlan,
} from '../support/commerce.js';
import { createMember, type TestMember } from '../support/members.js';

let t: ShopApp;
let packs: CreditPack[];
let seq = 0;

beforeAll(async () => {
  t = await createShopApp();
  const token = await loginAs(t, 'payper01');
  packs = (await get<CreditPack[]>(t, token, `${TOOLS_API.packPrices}?tool=hts_score`)).body.data;
});
afterAll(() => t.close());

const quiet = () => {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
};

async function couponsCli(...argv: string[]) {
  const { lines, out } = quiet();
  const code = await runCouponsCli(t.db, argv, out, t.now);
  return { code, lines };
}

/** A template from the operator command; its id. */
async function template(...args: string[]): Promise<number> {
  seq += 1;
  const res = await couponsCli('create-template', '--name', `测试券${seq}`, ...args);
  expect(res.code, res.lines.join('\n')).toBe(0);
  return Number(/template (\d+)/.exec(res.lines[0] ?? '')?.[1]);
}

/** One coupon of the template issued to the member by the operator command; its id. */
async function give(templateId: number, username: string): Promise<number> {
  const res = await couponsCli('issue', String(templateId), '--to', username);
  expect(res.code, res.lines.join('\n')).toBe(0);
  return Number(/coupon (\d+)/.exec(res.lines[0] ?? '')?.[1]);
}

/** A trial member (no plan) of its own. */
async function trialMember(): Promise<TestMember> {
  seq += 1;
  const member = await createMember(t, `coupon${seq}`);
  await setPlan(t, member.username, { level: 10, gid: null, days: null }, t.now());
  return member;
}

async function order(token: string, payload: Record<string, unknown>, url: string = COMMERCE_API.order) {
  const res = await post<OrderCreated>(t, token, url, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const couponRow = (id: number) =>
  t.db.selectFrom('user_coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function paySandbox(token: string, created: OrderCreated): Promise<PayCreated> {
  const qr = await pay(t, token, created);
  const notification = await t.sandbox.confirm(qr.orderid);
  if (!notification) throw new Error('the sandbox refused');
  expect((await notify(t, notification)).statusCode).toBe(204);
  return qr;
}

describe('GET /product/coupontype/index/', () => {
  it('lists the seeded coupons of a member; 401 without a token, 403 for a sub-account', async () => {
    const token = await loginAs(t, 'payper01');
    const res = await get<MyCoupon[]>(t, token, COUPONS_API.mine);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c) => [c.name, c.rule, c.scope, c.state, c.source])).toEqual(
      expect.arrayContaining([
        ['新人满减券', '满1000减200', '全部商品', 'unused', 'operator'],
        ['专业版8折券', '8折 最高减1000', 'VIP专业版', 'unused', 'operator'],
        ['次数包代金券', '立减50', '工具次数包', 'unused', 'operator'],
      ]),
    );
    expect((await get(t, null, COUPONS_API.mine)).status).toBe(401);
    expect((await get(t, await loginAs(t, 'demosub01'), COUPONS_API.mine)).status).toBe(403);
    const bad = await get(t, token, `${COUPONS_API.mine}?status=gone`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.couponStatusInvalid);
  });
});

describe('a coupon on the order page', () => {
  it('offers the coupons with what each takes off or why not, and applies the chosen one to the price', async () => {
    const m = await trialMember();
    const full = await give(
      await template('--kind', 'full_reduction', '--threshold', '1000', '--amount', '200', '--days', '30'),
      m.username,
    );
    const pro = await give(
      await template(
        '--kind',
        'discount',
        '--percent',
        '80',
        '--cap',
        '1000',
        '--plans',
        String(PLAN.professional),
        '--days',
        '30',
      ),
      m.username,
    );
    const later = await give(
      await template('--kind', 'voucher', '--amount', '10', '--until', '2099-12-31', '--from', '2099-01-01'),
      m.username,
    );

    const plain = await order(m.token, { gid: PLAN.local, count: 1 });
    expect(plain.coupon).toBeNull();
    expect(plain.price).toBe(3980);
    const offered = new Map(plain.coupons.map((c) => [c.id, c]));
    expect(offered.get(full)).toMatchObject({
      usable: true,
      discount: 200,
      reason: null,
      rule: '满1000减200',
    });
    expect(offered.get(pro)).toMatchObject({ usable: false, discount: 0, reason: MSG.couponNotForGoods });
    expect(offered.get(later)).toMatchObject({ usable: false, reason: MSG.couponNotStarted });
    // Usable first.
    expect(plain.coupons[0]?.id).toBe(full);

    const withFull = await order(m.token, { gid: PLAN.local, count: 1, coupon: full });
    expect(withFull.out_trade_no).toBe(plain.out_trade_no);
    expect(withFull.coupon).toEqual({ id: full, name: expect.any(String), discount: 200 });
    expect(withFull.price).toBe(3780);
    expect(withFull.lines.at(-1)).toEqual({ label: `优惠券（${withFull.coupon?.name}）`, amount: -200 });
    // Absent keeps the order's coupon (a new quantity, re-entering the page); 0 drops it.
    expect((await order(m.token, { gid: PLAN.local, count: 2 })).coupon?.id).toBe(full);
    expect((await order(m.token, { gid: PLAN.local, count: 1, coupon: 0 })).coupon).toBeNull();

    // 8折, capped at 1000 yuan, on the plan it names.
    const discounted = await order(m.token, { gid: PLAN.professional, count: 1, coupon: pro });
    expect(discounted).toMatchObject({ total: 12800, price: 11800, coupon: { id: pro, discount: 1000 } });

    // A coupon that does not apply is not applied, and says why.
    const pack = packs[0];
    if (!pack) throw new Error('no pack');
    const packOrder = await order(
      m.token,
      { tool: 'hts_score', pack: pack.id, count: 1, coupon: full },
      TOOLS_API.buy,
    );
    expect(packOrder.coupon).toBeNull();
    expect(packOrder.price).toBe(pack.price);
    expect(packOrder.coupons.find((c) => c.id === full)?.reason).toBe(
      `差 ${(1000 - pack.price).toFixed(2)} 元可用该优惠券`,
    );

    // Someone else's coupon, or an unknown one, is simply not applied.
    const other = await trialMember();
    expect((await order(other.token, { gid: PLAN.local, count: 1, coupon: full })).coupon).toBeNull();
    const bad = await post(t, m.token, COMMERCE_API.order, { gid: PLAN.local, count: 1, coupon: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.couponInvalid);
  });

  it('locks the coupon when the QR is shown, uses it when paid, and records it on the order', async () => {
    const m = await trialMember();
    const id = await give(
      await template('--kind', 'full_reduction', '--threshold', '1000', '--amount', '300', '--days', '30'),
      m.username,
    );
    const created = await order(m.token, { gid: PLAN.local, count: 1, coupon: id });
    expect(created.price).toBe(3680);
    const qr = await pay(t, m.token, created);
    expect(await couponRow(id)).toMatchObject({
      status: 'locked',
      order_id: (await orderRow(t, created.out_trade_no)).id,
    });
    const locked = (await get<MyCoupon[]>(t, m.token, COUPONS_API.mine)).body.data.find((c) => c.id === id);
    expect(locked).toMatchObject({ state: 'locked', out_trade_no: created.out_trade_no });

    const notification = await t.sandbox.confirm(qr.orderid);
    if (!notification) throw new Error('the sandbox refused');
    expect((await notify(t, notification)).statusCode).toBe(204);
    const row = await orderRow(t, created.out_trade_no);
    expect(row).toMatchObject({ status: 'paid', coupon_id: id, coupon_fen: 30_000, final_fen: 368_000 });
    expect(await couponRow(id)).toMatchObject({ status: 'used', order_id: row.id });
    const change = await t.db
      .selectFrom('membership_changes')
      .selectAll()
      .where('order_id', '=', row.id)
      .executeTakeFirstOrThrow();
    // The days bought are worth what was paid for them.
    expect(change.value_fen).toBe(368_000);
    const detail = await get<OrderDetail>(
      t,
      m.token,
      `${COMMERCE_API.orderDetail.replace('{id}', created.out_trade_no)}`,
    );
    expect(detail.body.data).toMatchObject({ price: 3680, coupon: 300, coupon_name: expect.any(String) });
    const used = (await get<MyCoupon[]>(t, m.token, `${COUPONS_API.mine}?status=used`)).body.data;
    expect(used.map((c) => [c.id, c.state, c.out_trade_no])).toEqual([[id, 'used', created.out_trade_no]]);
    // A used coupon is no longer offered.
    const next = await order(m.token, { gid: PLAN.professional, count: 1, coupon: id });
    expect(next.coupon).toBeNull();
    expect(next.coupons.some((c) => c.id === id)).toBe(false);
  });

  it('a coupon raced by two orders serves one; the other is told to choose again', async () => {
    const m = await trialMember();
    const id = await give(await template('--kind', 'voucher', '--amount', '20', '--days', '30'), m.username);
    const pack = packs[0];
    if (!pack) throw new Error('no pack');
    const a = await order(m.token, { gid: PLAN.local, count: 1, coupon: id });
    const b = await order(m.token, { tool: 'hts_score', pack: pack.id, count: 1, coupon: id }, TOOLS_API.buy);
    expect([a.coupon?.id, b.coupon?.id]).toEqual([id, id]);
    const results = await Promise.all(
      [a, b, a, b].map((o) => post<PayCreated>(t, m.token, COMMERCE_API.pay, payPayload(o))),
    );
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    const winner = (await couponRow(id)).order_id;
    const winners = [a, b].filter((o) => results.some((r, i) => r.status === 200 && [a, b, a, b][i] === o));
    expect(winners).toHaveLength(1);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(lost.length).toBeGreaterThanOrEqual(2);
    for (const r of lost) expect(r.body.message).toBe(MSG.couponUnavailable);
    expect(winner).toBe((await orderRow(t, winners[0]?.out_trade_no ?? '')).id);
    // The loser's page asks again: the coupon is offered as held by the other order, its price without it.
    const loser = winners[0] === a ? b : a;
    const again = await order(
      m.token,
      loser === a ? { gid: PLAN.local, count: 1 } : { tool: 'hts_score', pack: pack.id, count: 1 },
      loser === a ? COMMERCE_API.order : TOOLS_API.buy,
    );
    expect(again.coupon).toBeNull();
    expect(again.coupons.find((c) => c.id === id)).toMatchObject({ usable: false, reason: MSG.couponLocked });
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .select('coupon_id')
      .where('coupon_id', '=', id)
      .execute();
    expect(attempts.length).toBe(won.length);
  });

  it('frees the coupon when its order expires or is repriced without it', async () => {
    const m = await trialMember();
    const id = await give(await template('--kind', 'voucher', '--amount', '20', '--days', '30'), m.username);
    const first = await order(m.token, { gid: PLAN.local, count: 1, coupon: id });
    await pay(t, m.token, first);
    expect((await couponRow(id)).status).toBe('locked');
    // Repriced without it: free again.
    const without = await order(m.token, { gid: PLAN.local, count: 1, coupon: 0 });
    expect(without.coupon).toBeNull();
    expect(await couponRow(id)).toMatchObject({ status: 'unused', order_id: null });
    // Locked again, then the order's pay-by time passes: the next read frees it.
    await pay(t, m.token, await order(m.token, { gid: PLAN.local, count: 1, coupon: id }));
    expect((await couponRow(id)).status).toBe('locked');
    t.advance(11 * 60_000);
    const pack = packs[0];
    if (!pack) throw new Error('no pack');
    const other = await order(
      m.token,
      { tool: 'hts_score', pack: pack.id, count: 1, coupon: id },
      TOOLS_API.buy,
    );
    expect(other.coupon?.id).toBe(id);
    expect(await couponRow(id)).toMatchObject({ status: 'unused', order_id: null });
  });

  it('a late payment of an attempt whose coupon another order used meanwhile buys nothing and is owed back', async () => {
    const m = await trialMember();
    const id = await give(await template('--kind', 'voucher', '--amount', '20', '--days', '30'), m.username);
    const a = await order(m.token, { gid: PLAN.local, count: 1, coupon: id });
    const qrA = await pay(t, m.token, a);
    t.advance(11 * 60_000);
    const pack = packs[0];
    if (!pack) throw new Error('no pack');
    const b = await order(m.token, { tool: 'hts_score', pack: pack.id, count: 1, coupon: id }, TOOLS_API.buy);
    await paySandbox(m.token, b);
    expect((await couponRow(id)).order_id).toBe((await orderRow(t, b.out_trade_no)).id);

    // The provider reports A's QR code paid just before it closed (as its query would find it).
    const late = await settlePayment(t.ledger, t.now(), {
      provider: 'sandbox',
      kind: 'query',
      eventId: `query:late-${qrA.orderid}`,
      tradeNo: qrA.orderid,
      providerTxnId: `late-${qrA.orderid}`,
      amountFen: Math.round(a.price * 100),
      paidAt: new Date(t.now().getTime() - 10 * 60_000),
      raw: '{}',
    });
    expect(late.outcome).toBe('coupon_taken');
    const rowA = await orderRow(t, a.out_trade_no);
    expect(rowA).toMatchObject({ status: 'expired', refund_fen: Math.round(a.price * 100) });
    const event = await t.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('order_id', '=', rowA.id)
      .executeTakeFirstOrThrow();
    expect(event.outcome).toBe('coupon_taken');
    // The member's plan did not move.
    expect(
      (await t.db.selectFrom('users').select('gid').where('id', '=', m.id).executeTakeFirstOrThrow()).gid,
    ).toBeNull();
    expect((await couponRow(id)).status).toBe('used');
  });

  it('a paid QR whose coupon a later attempt replaced is credited with its own coupon; the later one is free again', async () => {
    const m = await trialMember();
    const voucher = await template('--kind', 'voucher', '--amount', '20', '--days', '30');
    const first = await give(voucher, m.username);
    const second = await give(voucher, m.username);
    const a = await order(m.token, { gid: PLAN.local, count: 1, coupon: first });
    const qrA = await pay(t, m.token, a);
    // The payer pays A at the provider; its notification is late.
    const paidA = await t.sandbox.confirm(qrA.orderid);
    if (!paidA) throw new Error('the sandbox refused');
    // Meanwhile the page chooses the other coupon and shows a new QR code: the order holds that one now.
    const b = await order(m.token, { gid: PLAN.local, count: 1, coupon: second });
    expect(b.out_trade_no).toBe(a.out_trade_no);
    await pay(t, m.token, b);
    const orderId = (await orderRow(t, a.out_trade_no)).id;
    expect(await couponRow(second)).toMatchObject({ status: 'locked', order_id: orderId });
    expect(await couponRow(first)).toMatchObject({ status: 'unused', order_id: null });

    expect((await notify(t, paidA)).statusCode).toBe(204);
    expect(await orderRow(t, a.out_trade_no)).toMatchObject({
      status: 'paid',
      coupon_id: first,
      final_fen: Math.round(a.price * 100),
    });
    expect(await couponRow(first)).toMatchObject({ status: 'used', order_id: orderId });
    expect(await couponRow(second)).toMatchObject({ status: 'unused', order_id: null });
    // Delivered again: acknowledged, nothing moves.
    expect((await notify(t, paidA)).statusCode).toBe(204);
    expect(await couponRow(second)).toMatchObject({ status: 'unused', order_id: null });
  });

  it('a coupon covering the whole price completes the order without a QR code, credited once', async () => {
    const m = await trialMember();
    const id = await give(
      await template('--kind', 'voucher', '--amount', '100000', '--days', '30'),
      m.username,
    );
    const pack = packs[0];
    if (!pack) throw new Error('no pack');
    const created = await order(
      m.token,
      { tool: 'hts_score', pack: pack.id, count: 1, coupon: id },
      TOOLS_API.buy,
    );
    expect(created).toMatchObject({ price: 0, coupon: { id, discount: pack.price } });
    const qr = await pay(t, m.token, created);
    expect(qr.url).toBe('');
    const row = await orderRow(t, created.out_trade_no);
    expect(row).toMatchObject({ status: 'paid', final_fen: 0, coupon_id: id });
    const grants = await t.db
      .selectFrom('tool_credit_grants')
      .selectAll()
      .where('source_id', '=', String(row.id))
      .execute();
    expect(grants.map((g) => g.total)).toEqual([pack.uses]);
    expect(await couponRow(id)).toMatchObject({ status: 'used', order_id: row.id });
  });

  it('a bank transfer locks the coupon too, at the discounted amount', async () => {
    const m = await trialMember();
    const id = await give(await template('--kind', 'voucher', '--amount', '80', '--days', '30'), m.username);
    const created = await order(m.token, { gid: PLAN.local, count: 1, coupon: id });
    const res = await post<{ amount: number }>(t, m.token, COMMERCE_API.transfer, {
      out_trade_no: created.out_trade_no,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe(3900);
    expect((await couponRow(id)).status).toBe('locked');
  });

  it('a sub-account cannot order with a coupon (403)', async () => {
    const sub = await loginAs(t, 'demosub01');
    expect((await post(t, sub, COMMERCE_API.order, { gid: PLAN.local, count: 1, coupon: 1 })).status).toBe(
      403,
    );
  });
});

describe('npm run coupons', () => {
  it('refuses bad templates, keeps the stock and the per-member limit, stops a template', async () => {
    for (const args of [
      ['--kind', 'voucher', '--days', '30'],
      ['--kind', 'full_reduction', '--threshold', '100', '--amount', '200', '--days', '30'],
      ['--kind', 'discount', '--days', '30'],
      ['--kind', 'discount', '--percent', '100', '--days', '30'],
      ['--kind', 'voucher', '--amount', '10'],
      ['--kind', 'voucher', '--amount', '10', '--days', '30', '--until', '2099-01-01'],
      ['--kind', 'voucher', '--amount', '10.001', '--days', '30'],
      ['--kind', 'voucher', '--amount', '10', '--until', '2020-01-01'],
      ['--kind', 'gift', '--amount', '10', '--days', '30'],
    ]) {
      expect((await couponsCli('create-template', '--name', '坏券', ...args)).code, args.join(' ')).toBe(2);
    }
    const a = await trialMember();
    const b = await trialMember();
    const limited = await template(
      '--kind',
      'voucher',
      '--amount',
      '10',
      '--days',
      '30',
      '--total',
      '2',
      '--per-member',
      '1',
    );
    await give(limited, a.username);
    const twice = await couponsCli('issue', String(limited), '--to', a.username);
    expect(twice).toMatchObject({ code: 1, lines: [`${a.username}: ${MSG.couponLimitReached}`] });
    await give(limited, b.username);
    const c = await trialMember();
    expect((await couponsCli('issue', String(limited), '--to', c.username)).lines).toEqual([
      `${c.username}: ${MSG.couponSoldOut}`,
    ]);
    expect((await couponsCli('issue', String(limited), '--to', 'nobody-here')).code).toBe(1);
    const open = await template('--kind', 'voucher', '--amount', '10', '--days', '30');
    expect((await couponsCli('stop', String(open))).code).toBe(0);
    // A stopped template issues none (coupons/console.ts, the console's rule): the whole issue is refused.
    expect((await couponsCli('issue', String(open), '--to', c.username)).lines).toEqual([
      MSG.templateStopped,
    ]);
    const listed = await couponsCli('templates');
    expect(listed.lines.some((l) => l.startsWith(`${limited}\t`) && l.includes('\t2\t2\t1\t'))).toBe(true);
  });
});

describe('coupon cards', () => {
  it('binds a coupon card once, within the template limit; over it the card stays unbound', async () => {
    const id = await template('--kind', 'voucher', '--amount', '30', '--days', '30', '--per-member', '1');
    const { cards } = await issueCards(t, `coupon:${id}`, 2, { name: '优惠券卡' });
    const m = await trialMember();
    const bind = (card: IssuedCard | undefined) =>
      post<MyCard>(t, m.token, CARDS_API.bind, { card_no: card?.no, card_secret: card?.secret });
    const first = await bind(cards[0]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'coupon', grant: expect.stringMatching(/^优惠券 测试券/) });
    expect((await bind(cards[0])).status).toBe(200);
    const held = (await get<MyCoupon[]>(t, m.token, COUPONS_API.mine)).body.data.filter(
      (c) => c.source === 'card',
    );
    expect(held).toHaveLength(1);
    const second = await bind(cards[1]);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(MSG.couponLimitReached);
    const card = await t.db
      .selectFrom('cards')
      .select('status')
      .where('card_no', '=', cards[1]?.no ?? '')
      .executeTakeFirstOrThrow();
    expect(card.status).toBe('unbound');
  });
});
