// Refund notices: a refund that succeeded is told in 消息中心 and by SMS and mail where 推送设置 chooses them, once per
// refund (a duplicate settlement tells nothing again); a whole refund names what it took back.
import { type Envelope, formatYuan, levelName, MSG, MSG_WITH, shanghaiDate } from '@uc/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { buyPaid, createShopApp, loginAs, memberRow, type ShopApp, setPlan } from '../support/commerce.js';

/** VIP高级版: level 21, ¥6,980 for 12 months. */
const GID = 12;
const BUYER = 'trialuser';
const MOBILE = '13800138001';
const EMAIL = 'trial@example.com';

let t: ShopApp;
let token: string;
let buyerId: number;

beforeAll(async () => {
  t = await createShopApp();
  token = await loginAs(t, BUYER);
  buyerId = await setPlan(t, BUYER, { level: 10, gid: null, days: null }, t.now());
  const values = {
    user_id: buyerId,
    regions: '[]',
    departments: '[]',
    industries: '[]',
    types: '[]',
    keywords: '[]',
    channels: JSON.stringify(['site', 'sms', 'email']),
    quiet_start: '',
    quiet_end: '',
    updated_at: t.now().toISOString(),
  };
  await t.db.insertInto('push_settings').values(values).execute();
});
afterAll(async () => {
  await t?.close();
});

const refunded = (app: TestApp) =>
  app.db
    .selectFrom('messages')
    .select(['title', 'body', 'link'])
    .where('user_id', '=', buyerId)
    .where('title', '=', MSG.inboxRefundTitle)
    .orderBy('id')
    .execute();

async function texts(app: TestApp): Promise<string[]> {
  const res = await app.app.inject({ method: 'GET', url: `/__dev/sms?phone=${MOBILE}` });
  return res
    .json<Envelope<{ purpose: string; text?: string }[]>>()
    .data.filter((m) => m.purpose === 'notice')
    .map((m) => m.text ?? '');
}

async function mails(app: TestApp): Promise<{ subject: string; text: string }[]> {
  const res = await app.app.inject({ method: 'GET', url: `/__dev/mail?to=${EMAIL}` });
  return res.json<Envelope<{ subject: string; text: string }[]>>().data;
}

const lastOrder = () =>
  t.db
    .selectFrom('orders')
    .select(['out_trade_no', 'id'])
    .where('user_id', '=', buyerId)
    .where('status', '=', 'paid')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

it('tells a whole refund once, naming what it took back, on every channel the member chose', async () => {
  const paidFen = await buyPaid(t, token, GID);
  const order = await lastOrder();
  const refund = await t.app.commerce.requestRefund({
    outTradeNo: order.out_trade_no,
    amountFen: paidFen,
    reason: '客户申请退款',
    staffId: null,
  });
  expect(refund).toMatchObject({ status: 'succeeded', whole: 1 });
  const member = await memberRow(t, BUYER);
  const taken = MSG_WITH.refundTakenBack([
    MSG_WITH.refundTookPlan(
      levelName(member.level),
      member.expired_at === null ? null : shanghaiDate(member.expired_at),
    ),
  ]);
  const body = `${MSG_WITH.inboxRefunded(order.out_trade_no, formatYuan(paidFen), true)}${taken}`;
  expect(await refunded(t)).toEqual([{ title: MSG.inboxRefundTitle, body, link: '/order/list' }]);
  expect(body).toContain('收回明细：会员套餐（现为体验会员');
  expect(await texts(t)).toEqual([
    `【查策网】${MSG_WITH.smsNotice(MSG.inboxRefundTitle, MSG_WITH.smsRefundDetail(formatYuan(paidFen)))}`,
  ]);
  expect(await mails(t)).toEqual([
    expect.objectContaining({ subject: MSG.inboxRefundTitle, text: expect.stringContaining(taken) }),
  ]);

  // The same success reported again settles nothing and tells nothing.
  const again = await t.app.commerce.settleRefund({
    provider: refund.provider,
    kind: 'refund_query',
    eventId: `again:${refund.refund_no}`,
    refundNo: refund.refund_no,
    state: 'succeeded',
    providerRefundId: null,
    amountFen: refund.amount_fen,
    raw: '{}',
  });
  expect(again).toBe('already_settled');
  await t.app.renewalReminders.run();
  expect(await refunded(t)).toHaveLength(1);
  expect(await texts(t)).toHaveLength(1);
  expect(await mails(t)).toHaveLength(1);
});

it('tells a part refund without taking anything back', async () => {
  await buyPaid(t, token, GID);
  const order = await lastOrder();
  await t.app.commerce.requestRefund({
    outTradeNo: order.out_trade_no,
    amountFen: 100_000,
    reason: '部分退款',
    staffId: null,
  });
  const [, part] = await refunded(t);
  expect(part?.body).toBe(MSG_WITH.inboxRefunded(order.out_trade_no, formatYuan(100_000), false));
  expect(await texts(t)).toHaveLength(2);
  expect((await texts(t))[0]).toContain(MSG_WITH.smsRefundDetail(formatYuan(100_000)));
});
