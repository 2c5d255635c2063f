// 概览 in the operator console: the period's revenue per day and channel, new and paying members, orders by state and
// refunds, filed under Shanghai days; the period's bounds (default 30 days, at most 366); the .xlsx export; and who
// may read it (overview.read).
import { MSG, type Overview, STAFF_OVERVIEW_API } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/xlsx.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { createMember } from '../support/members.js';
import { signInStaff } from '../support/staff.js';
import { readSheet } from '../support/xlsx.js';

// 2026-11-24 10:00 in Shanghai.
const clock = new Date(Date.UTC(2026, 10, 24, 2, 0, 0));
let t: TestApp;
let cookie: string;

/** A paid order of `fen` through `channel` at `at`, optionally refunded in part. */
async function paidOrder(
  userId: number,
  gid: number,
  fen: number,
  channel: string,
  at: string,
  refundFen = 0,
) {
  const { id } = await t.db
    .insertInto('orders')
    .values({
      out_trade_no: `OV${at}${channel}${userId}`,
      user_id: userId,
      gid,
      count: 1,
      total_fen: fen,
      final_fen: fen,
      status: 'paid',
      channel,
      late_time: at,
      paid_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attempt = await t.db
    .insertInto('payment_attempts')
    .values({
      order_id: id,
      seq: 1,
      trade_no: `OV${id}`,
      provider: channel,
      channel,
      pay_type: 1,
      amount_fen: fen,
      status: 'paid',
      created_at: at,
      updated_at: at,
      paid_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (refundFen > 0)
    await t.db
      .insertInto('refunds')
      .values({
        refund_no: `RF${id}`,
        order_id: id,
        attempt_id: attempt.id,
        provider: channel,
        amount_fen: refundFen,
        reason: '测试',
        status: 'succeeded',
        created_at: at,
        updated_at: at,
      })
      .execute();
}

const get = (query: string, as = cookie) =>
  t.app.inject({ method: 'GET', url: `${STAFF_OVERVIEW_API.overview}${query}`, headers: { cookie: as } });

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => clock });
  const a = await createMember(t, 'overviewa');
  const b = await createMember(t, 'overviewb');
  // Registered on the 24th (Shanghai).
  await t.db.updateTable('users').set({ created_at: '2026-11-24T01:00:00.000Z' }).execute();
  const { gid } = await t.db.selectFrom('plans').select('gid').executeTakeFirstOrThrow();
  // 2026-11-23 23:30 in Shanghai is 15:30 UTC: filed under the 23rd; 16:30 UTC is the 24th.
  await paidOrder(a.id, gid, 10_000, 'wechat', '2026-11-23T15:30:00.000Z');
  await paidOrder(a.id, gid, 5_000, 'alipay', '2026-11-23T16:30:00.000Z', 2_000);
  await paidOrder(b.id, gid, 30_000, 'transfer', '2026-11-24T01:00:00.000Z');
  await paidOrder(b.id, gid, 999, 'wechat', '2026-10-01T01:00:00.000Z');
  cookie = (await signInStaff({ app: t.app, now: () => clock }, 'finance')).cookie;
});
afterAll(() => t.close());

describe('the overview', () => {
  it('files the period by Shanghai day: revenue per channel, members, orders, refunds', async () => {
    const res = await get('?from=2026-11-23&to=2026-11-24');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<Envelope<Overview>>().data;
    expect(data.days.map((d) => [d.date, d.revenue_fen, d.by_channel])).toEqual([
      ['2026-11-23', 10_000, { wechat: 10_000 }],
      ['2026-11-24', 35_000, { alipay: 5_000, transfer: 30_000 }],
    ]);
    expect(data.channels.map((c) => [c.name, c.revenue_fen])).toEqual([
      ['对公转账', 30_000],
      ['微信支付', 10_000],
      ['支付宝', 5_000],
    ]);
    expect(data.totals).toEqual({
      revenue_fen: 45_000,
      new_members: 2,
      paying_members: 2,
      orders: 3,
      refunds: 1,
      refund_fen: 2_000,
    });
    expect(data.days[1]).toMatchObject({ new_members: 2, paying_members: 2, refunds: 1 });
    expect(data.orders_by_status).toEqual([{ status: 'paid', name: '已支付', count: 3 }]);
  });

  it('defaults to the last 30 days, today included', async () => {
    const data = (await get('')).json<Envelope<Overview>>().data;
    expect([data.from, data.to, data.days.length]).toEqual(['2026-10-26', '2026-11-24', 30]);
    expect(data.totals.revenue_fen).toBe(45_000);
  });

  it('an empty period is zeros', async () => {
    const data = (await get('?from=2025-01-01&to=2025-01-03')).json<Envelope<Overview>>().data;
    expect(data.totals.revenue_fen).toBe(0);
    expect(data.days).toHaveLength(3);
    expect(data.orders_by_status).toEqual([]);
  });

  it('refuses a reversed, too long or malformed period in Chinese', async () => {
    for (const query of [
      '?from=2026-11-24&to=2026-11-01',
      '?from=2025-01-01&to=2026-11-24',
      '?from=2026-02-30',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<Envelope>().message).toBe(MSG.overviewRangeInvalid);
    }
  });

  it('exports one row per day with a column per channel', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${STAFF_OVERVIEW_API.export}?from=2026-11-23&to=2026-11-24`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(XLSX_TYPE);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rows[0]).toEqual([
      '日期',
      '收入（元）',
      '对公转账（元）',
      '微信支付（元）',
      '支付宝（元）',
      '新会员',
      '付费会员',
      '新订单',
      '退款笔数',
      '退款金额（元）',
    ]);
    expect(sheet.rows[2]).toEqual(['2026-11-24', 350, 300, 0, 50, 2, 2, 2, 1, 20]);
  });
});

describe('who may', () => {
  it('401 without a staff session', async () => {
    const res = await t.app.inject({ method: 'GET', url: STAFF_OVERVIEW_API.overview });
    expect(res.statusCode).toBe(401);
  });

  it('403 for a role without overview.read (客服)', async () => {
    const service = await signInStaff({ app: t.app, now: () => clock }, 'service');
    const res = await get('', service.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json<Envelope>().message).toBe(MSG.staffForbidden);
  });
});
