// The WeChat Pay provider against the local fake gateway: signed calls, verified answers, notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../src/providers/payment/types.js';
import { createWechatProvider } from '../../src/providers/payment/wechat.js';
import { type FakeWechatpay, startFakeWechatpay } from '../support/fake-wechatpay.js';

let fake: FakeWechatpay;
let provider: PaymentProvider;
let seq = 0;
const now = () => new Date();
const tradeNo = () => `WX${Date.now()}${++seq}`;

const input = (no: string) => ({
  tradeNo: no,
  amountFen: 1230,
  description: 'VIP高级版 × 2年',
  expiresAt: new Date('2026-03-01T04:05:06Z'),
  notifyUrl: 'https://pay.example.com/api/ccw/goods/notify/wechat/',
});

const verifyFake = (n: { headers: Record<string, string>; body: string }) =>
  provider.verifyNotification({ headers: n.headers, rawBody: Buffer.from(n.body) });

beforeAll(async () => {
  fake = await startFakeWechatpay();
  provider = createWechatProvider({ config: fake.config, now });
});
afterAll(() => fake.close());

describe('wechat provider', () => {
  it('creates a Native order and returns its code_url', async () => {
    const no = tradeNo();
    const { qr } = await provider.createQr(input(no));
    const trade = fake.trades.get(no);
    expect(qr).toBe(trade?.codeUrl);
    expect(qr).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(trade).toMatchObject({
      amountFen: 1230,
      description: 'VIP高级版 × 2年',
      timeExpire: '2026-03-01T12:05:06+08:00',
      notifyUrl: 'https://pay.example.com/api/ccw/goods/notify/wechat/',
    });
  });

  it('cuts a long description to 127 bytes without splitting a character', async () => {
    const no = tradeNo();
    await provider.createQr({ ...input(no), description: '会员'.repeat(100) });
    const description = fake.trades.get(no)?.description ?? '';
    expect(Buffer.byteLength(description)).toBeLessThanOrEqual(127);
    expect(description).toBe('会员'.repeat(21));
  });

  it('queries pending, paid, closed and unknown trades', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    expect((await provider.query(no)).state).toBe('pending');

    const paid = fake.pay(no);
    const result = await provider.query(no);
    expect(result).toMatchObject({ state: 'paid', providerTxnId: paid.transactionId, amountFen: 1230 });
    expect(result.state === 'paid' && result.paidAt instanceof Date).toBe(true);

    const other = tradeNo();
    await provider.createQr(input(other));
    await provider.close(other);
    expect(fake.trades.get(other)?.state).toBe('CLOSED');
    expect((await provider.query(other)).state).toBe('closed');

    expect((await provider.query('NOSUCHTRADE01')).state).toBe('not_found');
  });

  it('treats closing an unknown or closed trade as done, and refuses closing a paid one', async () => {
    await expect(provider.close('NOSUCHTRADE02')).resolves.toBeUndefined();
    const no = tradeNo();
    await provider.createQr(input(no));
    await provider.close(no);
    await expect(provider.close(no)).resolves.toBeUndefined();
    const paid = tradeNo();
    await provider.createQr(input(paid));
    fake.pay(paid);
    await expect(provider.close(paid)).rejects.toThrow(/ORDERPAID/);
  });

  it('refuses answers not signed with the configured WeChat Pay public key', async () => {
    const other = await startFakeWechatpay({ mchid: fake.config.mchid });
    try {
      // The merchant side is the other fake's, the platform key the first one's: every answer fails verification.
      const mixed = createWechatProvider({
        config: { ...other.config, publicKey: fake.config.publicKey, publicKeyId: other.config.publicKeyId },
        now,
      });
      await expect(mixed.createQr(input(tradeNo()))).rejects.toThrow(
        /native order failed: EV3_RES_HEADER_SIGNATURE_DIGEST/,
      );
    } finally {
      await other.close();
    }
  });

  it('is refused by the gateway when the merchant key is not the registered one', async () => {
    const other = await startFakeWechatpay();
    try {
      const wrongKey = createWechatProvider({
        config: { ...fake.config, merchantPrivateKey: other.config.merchantPrivateKey },
        now,
      });
      await expect(wrongKey.createQr(input(tradeNo()))).rejects.toThrow(/401 SIGN_ERROR/);
    } finally {
      await other.close();
    }
  });

  it('verifies and decrypts a good notification', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    const n = fake.notification(no, { id: 'EV-1' });
    const result = await verifyFake(n);
    expect(result).toMatchObject({
      ok: true,
      eventId: 'EV-1',
      tradeNo: no,
      providerTxnId: fake.trades.get(no)?.transactionId,
      amountFen: 1230,
      paid: true,
    });
    expect(result.ok && JSON.parse(result.raw).out_trade_no).toBe(no);
  });

  it('reads header names in any case', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    const n = fake.notification(no);
    const upper = Object.fromEntries(Object.entries(n.headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect((await verifyFake({ headers: upper, body: n.body })).ok).toBe(true);
  });

  it.each([
    ['a wrong signature', { badSignature: true }, 'bad signature'],
    ['an unknown serial', { serial: 'PUB_KEY_ID_OTHER' }, 'unknown serial'],
    ['a stale timestamp', { timestamp: Math.floor(Date.now() / 1000) - 301 }, 'stale timestamp'],
    ['a future timestamp', { timestamp: Math.floor(Date.now() / 1000) + 400 }, 'stale timestamp'],
    ['another merchant', { mchid: '1900000999' }, 'mchid mismatch'],
    ['another app', { appid: 'wx0000000000000000' }, 'appid mismatch'],
    ['another APIv3 key', { wrongKey: true }, 'cannot decrypt resource'],
  ])('refuses %s', async (_label, overrides, reason) => {
    const no = tradeNo();
    await provider.createQr(input(no));
    const result = await verifyFake(fake.notification(no, overrides));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(reason);
  });

  it('passes a different amount through for the order module to compare', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    const result = await verifyFake(fake.notification(no, { amountFen: 1 }));
    expect(result).toMatchObject({ ok: true, amountFen: 1 });
  });

  it('refuses a tampered body, missing headers and garbage without throwing', async () => {
    const no = tradeNo();
    await provider.createQr(input(no));
    const n = fake.notification(no);
    const tampered = await verifyFake({ headers: n.headers, body: n.body.replace('"id":"', '"id":"X') });
    expect(!tampered.ok && tampered.reason).toBe('bad signature');
    const { 'wechatpay-nonce': _nonce, ...withoutNonce } = n.headers;
    const missing = await verifyFake({ headers: withoutNonce, body: n.body });
    expect(!missing.ok && missing.reason).toContain('missing');
    const garbage = await provider.verifyNotification({
      headers: { ...n.headers, 'wechatpay-signature': '%%%' },
      rawBody: Buffer.from([0xff, 0x00, 0x7b]),
    });
    expect(garbage.ok).toBe(false);
  });

  it('acknowledges with 204, refuses with a JSON FAIL', () => {
    expect(provider.acknowledge(true)).toMatchObject({ status: 204, body: '' });
    const no = provider.acknowledge(false, 'bad signature');
    expect(no.status).toBe(400);
    expect(no.contentType).toContain('application/json');
    expect(JSON.parse(no.body)).toEqual({ code: 'FAIL', message: '失败' });
  });
});
