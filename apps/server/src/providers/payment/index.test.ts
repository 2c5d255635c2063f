import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createMemoryStore } from '../../lib/kv.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { createPaymentChannels } from './index.js';

const pem = (key: { export(o: object): string | Buffer }, type: string) =>
  String(key.export({ type, format: 'pem' }));
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });

const WECHAT = {
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_APPID: 'wx8888888888888888',
  WECHATPAY_MERCHANT_SERIAL: '3775B6A45ACD588826D15E583A95F5DD',
  WECHATPAY_MERCHANT_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
  WECHATPAY_APIV3_KEY: '0123456789abcdef0123456789abcdef',
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092025',
  WECHATPAY_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
};
const ALIPAY = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
  ALIPAY_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
};

function channels(env: Record<string, string>) {
  const logged: object[] = [];
  const choice = createPaymentChannels({
    config: loadConfig({ NODE_ENV: 'test', ...env }),
    kv: createMemoryStore().kv,
    secret: 'a-server-secret-long-enough',
    now: () => new Date(),
    log: { info: (obj) => logged.push(obj) },
  });
  return { ...choice, logged };
}

describe('createPaymentChannels', () => {
  it('puts both channels on one sandbox without credentials', () => {
    const c = channels({});
    expect(c.wechat.name).toBe('sandbox');
    expect(c.alipay).toBe(c.wechat);
    expect(c.sandbox).toBe(c.wechat);
    expect(c.byName('sandbox')).toBe(c.sandbox);
    expect(c.byName('wechat')).toBeNull();
    expect(c.byName('alipay')).toBeNull();
    expect(c.logged).toEqual([{ channels: ['wechat', 'alipay'] }]);
  });

  it('uses the real provider of each fully configured channel', () => {
    const both = channels({ ...WECHAT, ...ALIPAY });
    expect([both.wechat.name, both.alipay.name, both.sandbox]).toEqual(['wechat', 'alipay', null]);
    expect(both.byName('wechat')).toBe(both.wechat);
    expect(both.byName('alipay')).toBe(both.alipay);
    expect(both.byName('sandbox')).toBeNull();

    const wechatOnly = channels(WECHAT);
    expect([wechatOnly.wechat.name, wechatOnly.alipay.name]).toEqual(['wechat', 'sandbox']);
    expect(wechatOnly.byName('sandbox')).toBe(wechatOnly.sandbox);
    expect(wechatOnly.byName('alipay')).toBeNull();
  });

  it('names the missing variables of a half-configured channel', () => {
    const { WECHATPAY_APIV3_KEY: _key, WECHATPAY_PUBLIC_KEY: _pub, ...partial } = WECHAT;
    expect(() => channels(partial)).toThrow(
      'WeChat Pay payments need WECHATPAY_APIV3_KEY, WECHATPAY_PUBLIC_KEY',
    );
    expect(() => channels({ ALIPAY_APP_ID: '2021' })).toThrow(
      'Alipay payments need ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY',
    );
  });

  it('refuses bad credentials at start', () => {
    expect(() => channels({ ...WECHAT, WECHATPAY_APIV3_KEY: 'short' })).toThrow(
      'WECHATPAY_APIV3_KEY must be 32 bytes',
    );
    expect(() => channels({ ...ALIPAY, ALIPAY_PUBLIC_KEY: 'nonsense!' })).toThrow(/^ALIPAY_PUBLIC_KEY: /);
  });

  it('refuses the sandbox in production unless allowed', () => {
    expect(() => channels({ NODE_ENV: 'production' })).toThrow(/PAYMENT_ALLOW_SANDBOX=true/);
    expect(() => channels({ NODE_ENV: 'production', ...WECHAT })).toThrow(/\(alipay without credentials\)/);
    expect(channels({ NODE_ENV: 'production', PAYMENT_ALLOW_SANDBOX: 'true' }).wechat.name).toBe('sandbox');
    expect(channels({ NODE_ENV: 'production', ...WECHAT, ...ALIPAY }).sandbox).toBeNull();
  });

  it('builds sandbox links on PUBLIC_BASE_URL, else on localhost', async () => {
    expect(publicBaseUrl(loadConfig({ PORT: '9000' }))).toBe('http://localhost:9000');
    const c = channels({ PUBLIC_BASE_URL: 'https://uc.example.com/' });
    const { qr } = await c.wechat.createQr({
      tradeNo: 'T1',
      amountFen: 1,
      description: 'x',
      expiresAt: new Date(Date.now() + 60_000),
      notifyUrl: 'https://uc.example.com/n',
    });
    expect(qr.startsWith('https://uc.example.com/api/ccw/goods/sandbox/pay/?trade_no=T1&sig=')).toBe(true);
  });
});
