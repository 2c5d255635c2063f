// 订单详情 (GET /saastools/mytaocanorder/{id}): the member's own order as 我的订单 lists it, each payment attempt and
// what crediting it changed; 401 without a token, 403 for another member's order and for a sub-account, 404 for an
// unknown number, 400 for a malformed one.
import { COMMERCE_API, fillPath, MSG, type OrderDetail, type OrderListItem, type Page } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  createShopApp,
  get,
  loginAs,
  memberRow,
  notify,
  pay,
  type ShopApp,
  setPlan,
} from '../support/commerce.js';

let t: ShopApp;
let main: string;
let sub: string;
let gold: string;

beforeAll(async () => {
  t = await createShopApp();
  main = await loginAs(t, 'demouser');
  sub = await loginAs(t, 'demosub01');
  gold = await loginAs(t, 'goldvip01');
});
afterAll(() => t.close());

const detailUrl = (outTradeNo: string) => fillPath(COMMERCE_API.orderDetail, outTradeNo);

async function detail(token: string, outTradeNo: string): Promise<OrderDetail> {
  const { status, body } = await get<OrderDetail>(t, token, detailUrl(outTradeNo));
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

describe('GET /saastools/mytaocanorder/{id}', () => {
  it('answers an unpaid order as the list does, with its attempts and no change yet', async () => {
    const order = await createOrder(t, main, 13);
    const first = await pay(t, main, order);
    await pay(t, main, order, { pay_type: 2 });
    const answer = await detail(main, order.out_trade_no);
    const listed = await get<Page<OrderListItem>>(t, main, `${COMMERCE_API.orderList}?size=100`);
    const item = listed.body.data.list.find((o) => o.out_trade_no === order.out_trade_no);
    const { attempts, change, grant, refunds, kept, ...rest } = answer;
    expect(grant).toBeNull();
    expect([refunds, kept]).toEqual([[], 0]);
    expect(rest).toEqual(item);
    expect(change).toBeNull();
    expect(attempts.map((a) => [a.seq, a.channel, a.status, a.amount])).toEqual([
      [1, 'wechat', 'closed', order.price],
      [2, 'alipay', 'open', order.price],
    ]);
    expect(attempts[0]?.paid_at).toBeNull();
    expect(first.orderid).toBeTruthy();
  });

  it('answers a credited order with the paid attempt and the membership change it made', async () => {
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const before = (await memberRow(t, 'demouser')).expired_at;
    const order = await createOrder(t, main, 13, 2);
    const qr = await pay(t, main, order);
    const notification = await t.sandbox.confirm(qr.orderid);
    if (!notification) throw new Error('the sandbox refused the payment');
    expect((await notify(t, notification)).statusCode).toBe(204);
    const after = (await memberRow(t, 'demouser')).expired_at;
    const answer = await detail(main, order.out_trade_no);
    expect(answer).toMatchObject({ status: 'paid', channel: 'wechat', payable: false, count: 2 });
    expect(answer.attempts).toHaveLength(1);
    expect(answer.attempts[0]).toMatchObject({ seq: 1, channel: 'wechat', status: 'paid' });
    expect(answer.attempts[0]?.paid_at).toBeTruthy();
    expect(answer.change).toMatchObject({
      kind: 'renew',
      gid_before: 13,
      gid_after: 13,
      level_before: 22,
      level_after: 22,
      expiry_before: before,
      expiry_after: after,
      api_calls_added: 0,
    });
  });

  it('refuses another member’s order (403), a sub-account (403), no token (401), an unknown number (404)', async () => {
    const order = await createOrder(t, main, 6);
    const url = detailUrl(order.out_trade_no);
    expect((await get(t, null, url)).status).toBe(401);
    expect(await get(t, gold, url)).toMatchObject({
      status: 403,
      body: { code: 403, message: MSG.forbidden },
    });
    expect(await get(t, sub, url)).toMatchObject({
      status: 403,
      body: { message: MSG.subAccountNoPackages },
    });
    expect((await get(t, main, detailUrl('20260101000000000000'))).status).toBe(404);
  });

  it('answers a malformed number with its message', async () => {
    for (const bad of ['abc', '1'.repeat(21), '%00%01']) {
      const res = await get(t, main, detailUrl(bad));
      expect(res, bad).toMatchObject({ status: 400, body: { message: MSG.orderNoInvalid } });
    }
  });
});
