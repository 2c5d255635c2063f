// Corporate bank transfers confirmed by the operator's CLI (`npm run orders -- confirm-transfer`): the amount is
// checked, the credit happens exactly once, and the list shows what waits.
import { COMMERCE_API, type TransferInfo } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOrdersCli } from '../../src/modules/commerce/cli.js';
import { PAY_WINDOW_MS } from '../../src/modules/commerce/orders.js';
import {
  changesOf,
  createOrder,
  createShopApp,
  loginAs,
  memberRow,
  orderRow,
  payStatus,
  post,
  type ShopApp,
  setPlan,
} from '../support/commerce.js';

let t: ShopApp;
let token: string;

beforeAll(async () => {
  t = await createShopApp();
  token = await loginAs(t, 'demouser');
});
afterAll(() => t.close());

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runOrdersCli(
    t.ledger,
    argv,
    { log: (l) => lines.push(l), error: (l) => errors.push(l) },
    t.now,
  );
  return { code, lines, errors };
}

describe('confirm-transfer', () => {
  it('lists orders awaiting a transfer, refuses a wrong amount, credits once (not late) and is idempotent', async () => {
    const userId = await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const order = await createOrder(t, token, 13);
    const info = await post<TransferInfo>(t, token, COMMERCE_API.transfer, {
      out_trade_no: order.out_trade_no,
    });
    expect(info.body.data.amount).toBe(12800);
    // Days later, the money arrives.
    t.advance(PAY_WINDOW_MS * 100);

    const waiting = await cli('list', '--status', 'awaiting_transfer');
    expect(waiting.code).toBe(0);
    expect(waiting.lines[0]).toContain(order.out_trade_no);
    expect(waiting.lines[0]).toContain('¥12800.00');
    expect(waiting.lines.at(-1)).toBe('1 order(s)');

    const wrong = await cli('confirm-transfer', order.out_trade_no, '--amount', '12799.99');
    expect(wrong.code).toBe(1);
    expect(wrong.errors[0]).toContain('differs');
    expect((await orderRow(t, order.out_trade_no)).status).toBe('awaiting_transfer');

    const results = await Promise.all(
      Array.from({ length: 5 }, () => cli('confirm-transfer', order.out_trade_no, '--amount', '12800')),
    );
    expect(results.map((r) => [r.code, r.errors.join(' ')])).toEqual(Array(5).fill([0, '']));
    expect(results.filter((r) => r.lines[0]?.includes(': credited,'))).toHaveLength(1);
    const row = await orderRow(t, order.out_trade_no);
    expect(row).toMatchObject({ status: 'paid', channel: 'transfer', paid_late: 0 });
    expect((await changesOf(t, userId)).filter((c) => c.order_id === row.id)).toHaveLength(1);
    expect((await memberRow(t, 'demouser')).expired_at).toBe(row.expiry_after);
    expect((await payStatus(t, token, order.out_trade_no)).status).toBe(true);
    expect((await cli('list', '--status', 'awaiting_transfer')).lines).toEqual(['0 order(s)']);
  });

  it('refuses an order that is not awaiting a transfer, an unknown order and bad arguments', async () => {
    const order = await createOrder(t, token, 13);
    expect((await cli('confirm-transfer', order.out_trade_no, '--amount', '12800')).errors[0]).toContain(
      'not awaiting',
    );
    expect((await cli('confirm-transfer', '20260101000000000000', '--amount', '1')).errors[0]).toContain(
      'no such order',
    );
    expect((await cli('confirm-transfer', order.out_trade_no)).code).toBe(2);
    expect((await cli('confirm-transfer', order.out_trade_no, '--amount', '1.234')).code).toBe(2);
    expect((await cli('list', '--status', 'lost')).code).toBe(2);
    expect((await cli('refund')).code).toBe(2);
    expect((await cli('list', '--bogus')).code).toBe(2);
  });
});
