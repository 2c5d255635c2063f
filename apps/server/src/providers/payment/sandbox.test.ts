import { COMMERCE_API } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../lib/kv.js';
import { createSandboxProvider, SANDBOX_HEADERS } from './sandbox.js';

const BASE = 'https://uc.example.com';

function setup() {
  let clock = Date.parse('2026-03-01T00:00:00Z');
  const store = createMemoryStore(() => clock);
  const now = () => new Date(clock);
  const sandbox = createSandboxProvider({
    kv: store.kv,
    secret: 'a-server-secret-long-enough',
    publicBaseUrl: BASE,
    now,
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  return { sandbox, store, now, advance };
}

const input = (tradeNo: string, now: () => Date) => ({
  tradeNo,
  amountFen: 1230,
  description: 'VIP高级版 × 2年',
  expiresAt: new Date(now().getTime() + 15 * 60_000),
  notifyUrl: `${BASE}${COMMERCE_API.notifySandbox}`,
});

const asRequest = (n: { headers: Record<string, string>; body: string }) => ({
  headers: n.headers,
  rawBody: Buffer.from(n.body),
});

describe('sandbox payment provider', () => {
  it('gives a signed link to the 模拟支付 page and keeps the trade', async () => {
    const { sandbox, store, now } = setup();
    const { qr } = await sandbox.createQr(input('T1', now));
    const url = new URL(qr);
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}${COMMERCE_API.sandboxPage}`);
    expect(url.searchParams.get('trade_no')).toBe('T1');
    const sig = url.searchParams.get('sig') ?? '';
    expect(await sandbox.describe('T1', sig)).toMatchObject({
      tradeNo: 'T1',
      amountFen: 1230,
      state: 'pending',
    });
    expect(await sandbox.describe('T1', `${sig}x`)).toBeNull();
    expect(await sandbox.describe('T2', sig)).toBeNull();
    // Kept a day past the pay-by time.
    expect(await store.kv.ttl('pay:sandbox:T1')).toBe(15 * 60_000 + 24 * 3600_000);
    expect((await sandbox.query('T1')).state).toBe('pending');
    expect((await sandbox.query('T9')).state).toBe('not_found');
  });

  it('confirms once: a signed notification that verifies, a stable transaction id', async () => {
    const { sandbox, now } = setup();
    await sandbox.createQr(input('T1', now));
    const first = await sandbox.confirm('T1');
    if (!first) throw new Error('not confirmed');
    expect(Object.keys(first.headers)).toEqual(expect.arrayContaining(Object.values(SANDBOX_HEADERS)));
    const verified = await sandbox.verifyNotification(asRequest(first));
    expect(verified).toMatchObject({ ok: true, tradeNo: 'T1', amountFen: 1230, paid: true });
    const again = await sandbox.confirm('T1');
    if (!again || !verified.ok) throw new Error('not confirmed');
    const second = await sandbox.verifyNotification(asRequest(again));
    expect(second).toMatchObject({
      ok: true,
      providerTxnId: verified.providerTxnId,
      eventId: verified.eventId,
    });
    expect(verified.providerTxnId).toMatch(/^SBX[0-9A-F]{24}$/);
    const queried = await sandbox.query('T1');
    expect(queried).toMatchObject({ state: 'paid', amountFen: 1230, paidAt: now() });
    // A paid trade stays paid.
    await sandbox.close('T1');
    expect(await sandbox.cancel('T1')).toBe(false);
    expect((await sandbox.query('T1')).state).toBe('paid');
  });

  it('refuses a tampered body, another secret, missing headers and a stale timestamp', async () => {
    const { sandbox, now, advance, store } = setup();
    await sandbox.createQr(input('T1', now));
    const n = await sandbox.confirm('T1');
    if (!n) throw new Error('not confirmed');
    const reason = async (request: ReturnType<typeof asRequest>) => {
      const result = await sandbox.verifyNotification(request);
      return result.ok ? 'ok' : result.reason;
    };
    expect(await reason(asRequest({ ...n, body: n.body.replace('1230', '1') }))).toBe('bad signature');
    const other = createSandboxProvider({ kv: store.kv, secret: 'another-secret', publicBaseUrl: BASE, now });
    expect((await other.verifyNotification(asRequest(n))).ok).toBe(false);
    const { [SANDBOX_HEADERS.nonce]: _nonce, ...withoutNonce } = n.headers;
    expect(await reason(asRequest({ ...n, headers: withoutNonce }))).toBe('missing signature headers');
    advance(5 * 60_000);
    expect(await reason(asRequest(n))).toBe('ok');
    advance(1000);
    expect(await reason(asRequest(n))).toBe('stale timestamp');
  });

  it('closes and cancels unpaid trades, and confirms neither them nor expired ones', async () => {
    const { sandbox, now, advance } = setup();
    await sandbox.createQr(input('T1', now));
    await sandbox.close('T1');
    expect((await sandbox.query('T1')).state).toBe('closed');
    expect(await sandbox.confirm('T1')).toBeNull();

    await sandbox.createQr(input('T2', now));
    expect(await sandbox.cancel('T2')).toBe(true);
    expect((await sandbox.query('T2')).state).toBe('closed');
    expect(await sandbox.cancel('T9')).toBe(false);
    await expect(sandbox.close('T9')).resolves.toBeUndefined();

    await sandbox.createQr(input('T3', now));
    advance(15 * 60_000);
    expect(await sandbox.confirm('T3')).toBeNull();
    expect(await sandbox.confirm('T9')).toBeNull();
  });

  it('acknowledges like WeChat Pay', () => {
    const { sandbox } = setup();
    expect(sandbox.acknowledge(true)).toMatchObject({ status: 204, body: '' });
    expect(sandbox.acknowledge(false)).toMatchObject({
      status: 400,
      body: '{"code":"FAIL","message":"失败"}',
    });
  });

  it('refunds at once, answers its query, signs its refund notification and refuses a tampered one', async () => {
    const { sandbox, store } = setup();
    const refund = {
      refundNo: 'T5R01',
      tradeNo: 'T5',
      totalFen: 1230,
      amountFen: 1000,
      reason: '客户申请退款',
      notifyUrl: `${BASE}${COMMERCE_API.notifySandboxRefund}`,
    };
    const done = await sandbox.refund(refund);
    expect(done).toMatchObject({ state: 'succeeded', amountFen: 1000 });
    expect(await sandbox.refund(refund)).toEqual(done);
    expect(await sandbox.queryRefund('T5R01', 'T5')).toEqual(done);
    expect((await sandbox.queryRefund('T5R02', 'T5')).state).toBe('not_found');
    expect((await sandbox.refund({ ...refund, refundNo: 'T5R03', amountFen: 1231 })).state).toBe('failed');

    const notification = await sandbox.refundNotification('T5R01');
    if (!notification) throw new Error('no notification');
    expect(await sandbox.verifyRefundNotification(asRequest(notification))).toMatchObject({
      ok: true,
      refundNo: 'T5R01',
      tradeNo: 'T5',
      amountFen: 1000,
      state: 'succeeded',
    });
    const tampered = { ...notification, body: notification.body.replace('1000', '1100') };
    expect(await sandbox.verifyRefundNotification(asRequest(tampered))).toMatchObject({
      ok: false,
      reason: 'bad signature',
    });
    await store.close();
  });
});
