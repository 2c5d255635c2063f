// The Alipay provider against the local fake gateway: signed calls, verified answers, notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlipayProvider } from '../../src/providers/payment/alipay.js';
import { parseChinaDateTime } from '../../src/providers/payment/common.js';
import type { PaymentProvider } from '../../src/providers/payment/types.js';
import { type FakeAlipay, startFakeAlipay } from '../support/fake-alipay.js';

let fake: FakeAlipay;
let provider: PaymentProvider;
let seq = 0;
const tradeNo = () => `ALI${Date.now()}${++seq}`;

const input = (no: string) => ({
  tradeNo: no,
  amountFen: 1230,
  description: 'VIP高级版 × 2年',
  expiresAt: new Date('2026-03-01T04:05:06Z'),
  notifyUrl: 'https://pay.example.com/api/ccw/goods/notify/alipay/',
});

const verifyFake = (n: { headers: Record<string, string>; body: string }) =>
  provider.verifyNotification({ headers: n.headers, rawBody: Buffer.from(n.body) });

beforeAll(async () => {
  fake = await startFakeAlipay();
  provider = createAlipayProvider({ config: fake.config });
});
afterAll(() => fake.close());

describe('alipay provider', () => {
  it('precreates a trade and returns its qr_code', async () => {
    const no = tradeNo();
    const { qr } = await provider.createQr(input(no));
    const trade = fake.trades.get(no);
    expect(qr).toBe(trade?.qrCode);
    expect(trade).toMatchObject({
      amountFen: 1230,
      subject: 'VIP高级版 × 2年',
      timeExpire: '2026-03-01 12:05:06',
      notifyUrl: 'https://pay.example.com/api/ccw/goods/notify/alipay/',
    });
    expect(fake.calls).toContain('alipay.trade.precreate');
  });

  it('sends amounts as exact yuan strings', async () => {
    const no = tradeNo();
    await provider.createQr({ ...input(no), amountFen: 1 });
    expect(fake.trades.get(no)?.amountFen).toBe(1);
  });

  it('queries unknown (not yet scanned), pending, paid and closed trades', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    expect((await provider.query(no)).state).toBe('not_found');
    fake.scan(no);
    expect((await provider.query(no)).state).toBe('pending');
    const paid = fake.pay(no);
    const result = await provider.query(no);
    expect(result).toMatchObject({ state: 'paid', providerTxnId: paid.tradeNo, amountFen: 1230 });
    expect(result.state === 'paid' && result.paidAt instanceof Date).toBe(true);

    const other = tradeNo();
    await provider.createQr(input(other));
    fake.scan(other);
    await provider.close(other);
    expect(fake.trades.get(other)?.status).toBe('TRADE_CLOSED');
    expect((await provider.query(other)).state).toBe('closed');
  });

  it('treats closing an unknown or closed trade as done, and refuses closing a paid one', async () => {
    await expect(provider.close('NOSUCHTRADE')).resolves.toBeUndefined();
    const no = tradeNo();
    await provider.createQr(input(no));
    await expect(provider.close(no)).resolves.toBeUndefined();
    fake.scan(no);
    await provider.close(no);
    await expect(provider.close(no)).resolves.toBeUndefined();
    const paid = tradeNo();
    await provider.createQr(input(paid));
    fake.pay(paid);
    await expect(provider.close(paid)).rejects.toThrow(/ACQ.TRADE_STATUS_ERROR/);
  });

  it('refuses answers not signed with the configured Alipay public key', async () => {
    const other = await startFakeAlipay({ appId: fake.config.appId });
    try {
      const mixed = createAlipayProvider({
        config: { ...fake.config, alipayPublicKey: other.config.alipayPublicKey },
      });
      await expect(mixed.createQr(input(tradeNo()))).rejects.toThrow(/not signed by Alipay/);
    } finally {
      await other.close();
    }
  });

  it('is refused by the gateway when the app key is not the registered one', async () => {
    const other = await startFakeAlipay({ appId: fake.config.appId });
    try {
      const wrongKey = createAlipayProvider({
        config: { ...fake.config, privateKey: other.config.privateKey },
      });
      await expect(wrongKey.createQr(input(tradeNo()))).rejects.toThrow(/isv.invalid-signature/);
    } finally {
      await other.close();
    }
  });

  it('sends the system fields in the URL, biz_content in the form, the time as China time', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      app_id: fake.config.appId,
      method: 'alipay.trade.precreate',
      sign_type: 'RSA2',
      charset: 'utf-8',
      version: '1.0',
      notify_url: 'https://pay.example.com/api/ccw/goods/notify/alipay/',
    });
    expect(JSON.parse(sent?.biz_content ?? '{}')).toEqual({
      out_trade_no: no,
      total_amount: '12.30',
      subject: 'VIP高级版 × 2年',
      time_expire: '2026-03-01 12:05:06',
    });
    const sentAt = parseChinaDateTime(sent?.timestamp);
    expect(sentAt).not.toBeNull();
    expect(Math.abs((sentAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('reports the refusal of an unknown app, whose answer Alipay does not sign', async () => {
    const unknown = createAlipayProvider({ config: { ...fake.config, appId: '2021000000009999' } });
    await expect(unknown.createQr(input(tradeNo()))).rejects.toThrow(
      /isv\.invalid-app-id.*\(answer not signed by Alipay\)/,
    );
  });

  it('verifies a good notification', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    const result = await verifyFake(fake.notification(no, { notifyId: 'N-1' }));
    expect(result).toMatchObject({
      ok: true,
      eventId: 'N-1',
      tradeNo: no,
      providerTxnId: fake.trades.get(no)?.tradeNo,
      amountFen: 1230,
      paid: true,
    });
    expect(result.ok && JSON.parse(result.raw).out_trade_no).toBe(no);
  });

  it('verifies values with spaces, plus signs, percent signs and empty values', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    const n = fake.notification(no, { extra: { body: 'a+b 100% 会员&x=y', passback_params: '' } });
    expect((await verifyFake(n)).ok).toBe(true);
  });

  it('reports TRADE_FINISHED as paid and other statuses as not paid', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    expect(await verifyFake(fake.notification(no, { tradeStatus: 'TRADE_FINISHED' }))).toMatchObject({
      paid: true,
    });
    expect(await verifyFake(fake.notification(no, { tradeStatus: 'TRADE_CLOSED' }))).toMatchObject({
      ok: true,
      paid: false,
    });
  });

  it.each([
    ['a wrong signature', { badSignature: true }, 'bad signature'],
    ['another app', { appId: '2021000000009999' }, 'app_id mismatch'],
    ['an amount with three decimals', { totalAmount: '12.345' }, 'bad total_amount'],
  ])('refuses %s', async (_label, overrides, reason) => {
    const no = tradeNo();
    await provider.createQr(input(no));
    const result = await verifyFake(fake.notification(no, overrides));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(reason);
  });

  it('passes a different amount through as integer fen', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    expect(await verifyFake(fake.notification(no, { amountFen: 1 }))).toMatchObject({
      ok: true,
      amountFen: 1,
    });
  });

  it('refuses a tampered body, a duplicated field and garbage without throwing', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    const n = fake.notification(no);
    const tampered = await verifyFake({
      ...n,
      body: n.body.replace('total_amount=12.30', 'total_amount=0.01'),
    });
    expect(!tampered.ok && tampered.reason).toBe('bad signature');
    const twice = await verifyFake({ ...n, body: `${n.body}&out_trade_no=OTHER` });
    expect(!twice.ok && twice.reason).toContain('duplicate');
    const unsigned = await verifyFake({ ...n, body: n.body.replace(/&sign=[^&]*/, '') });
    expect(!unsigned.ok && unsigned.reason).toBe('missing sign');
    const garbage = await provider.verifyNotification({
      headers: {},
      rawBody: Buffer.from('%E0%A4%A&sign=%%%'),
    });
    expect(garbage.ok).toBe(false);
  });

  it('acknowledges with success, refuses with fail', () => {
    expect(provider.acknowledge(true)).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(provider.acknowledge(false)).toMatchObject({ status: 400, body: 'fail' });
  });
});
