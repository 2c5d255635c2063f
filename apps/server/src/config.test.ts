import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('reads the staff TOTP sealing key and the earlier keys of a rotation', () => {
    expect(loadConfig({})).toMatchObject({ staffTotpKey: null, staffTotpPreviousKeys: [] });
    const key = 'k'.repeat(32);
    const old = 'o'.repeat(40);
    expect(loadConfig({ STAFF_TOTP_KEY: key, STAFF_TOTP_PREVIOUS_KEYS: ` ${old} , ${key}2,` })).toMatchObject(
      { staffTotpKey: key, staffTotpPreviousKeys: [old, `${key}2`] },
    );
    expect(() => loadConfig({ STAFF_TOTP_KEY: 'short' })).toThrow(/STAFF_TOTP_KEY/);
    expect(() => loadConfig({ STAFF_TOTP_PREVIOUS_KEYS: `${key},short` })).toThrow(
      /STAFF_TOTP_PREVIOUS_KEYS/,
    );
  });

  it('gives the embedded defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      logLevel: 'info',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      redisUrl: null,
      jwtSecret: null,
      corsOrigins: [],
      seedDemo: true,
      login: {
        maxFailsPerAccount: 5,
        lockMinutes: 15,
        maxPerIpPerMinute: 30,
        maxFailsPerIp: 20,
        delayStepMs: 1000,
        delayMaxMs: 3000,
      },
      site: {
        apiBaseUrl: '',
        wsUrl: '',
        mainSiteUrl: 'https://www.chacewang.com',
        icpNumber: '粤ICP备17050740号',
        copyright: 'Copyright © 2017-2026 查策网 版权所有',
        hotline: '400-800-8989',
        chatbotScriptUrl: '',
        toolHosts: ['https://rd.chacewang.com', 'https://gq.chacewang.com'],
      },
    });
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads and converts every kind of variable', () => {
    const config = loadConfig({
      PORT: '8085',
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/uc-data',
      DATABASE_URL: 'postgresql://uc:p%40ss@db:5432/uc',
      REDIS_URL: 'redis://cache:6379/1',
      CORS_ORIGINS: 'https://a.example.com/, https://b.example.com:8443',
      SEED_DEMO: 'false',
      TRUST_PROXY: '1',
      MAIN_SITE_URL: 'https://main.example.com/',
      TOOL_HOSTS: 'https://tool.example.com/path',
      LOGIN_MAX_FAILS_PER_ACCOUNT: '3',
    });
    expect(config).toMatchObject({
      port: 8085,
      nodeEnv: 'production',
      dataDir: '/tmp/uc-data',
      databaseUrl: 'postgresql://uc:p%40ss@db:5432/uc',
      redisUrl: 'redis://cache:6379/1',
      corsOrigins: ['https://a.example.com', 'https://b.example.com:8443'],
      seedDemo: false,
      trustProxy: 1,
      site: { mainSiteUrl: 'https://main.example.com', toolHosts: ['https://tool.example.com'] },
      login: { maxFailsPerAccount: 3 },
    });
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', JWT_SECRET: '', SEED_DEMO: '' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: null, jwtSecret: null, seedDemo: true });
  });

  it('reads the payment section: sandbox defaults, trimmed URLs, credentials as given', () => {
    expect(loadConfig({}).payment).toEqual({
      publicBaseUrl: '',
      allowSandbox: false,
      wechat: {
        mchid: '',
        appid: '',
        merchantSerial: '',
        merchantPrivateKey: '',
        apiV3Key: '',
        publicKeyId: '',
        publicKey: '',
        baseUrl: 'https://api.mch.weixin.qq.com',
        oauth: {
          appId: '',
          secret: '',
          authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
          apiUrl: 'https://api.weixin.qq.com',
        },
      },
      alipay: {
        appId: '',
        privateKey: '',
        alipayPublicKey: '',
        gateway: 'https://openapi.alipay.com/gateway.do',
      },
      bank: {
        accountName: '深圳市查策网络信息技术有限公司',
        bankName: '招商银行深圳分行营业部',
        accountNo: '755900000000000',
      },
    });
    const config = loadConfig({
      PUBLIC_BASE_URL: 'https://uc.example.com/',
      PAYMENT_ALLOW_SANDBOX: 'true',
      WECHATPAY_MCHID: '1900000109',
      WECHATPAY_BASE_URL: 'http://127.0.0.1:9999/',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_GATEWAY: 'http://127.0.0.1:9998/gateway.do',
    });
    expect(config.payment).toMatchObject({
      publicBaseUrl: 'https://uc.example.com',
      allowSandbox: true,
      wechat: { mchid: '1900000109', baseUrl: 'http://127.0.0.1:9999' },
      alipay: { appId: '2021000000000001', gateway: 'http://127.0.0.1:9998/gateway.do' },
    });
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'ftp://x' })).toThrow(/PUBLIC_BASE_URL/);
  });

  it('reads TRUST_PROXY as off, a number of hops or a list of proxy addresses', () => {
    const read = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    expect(read()).toBe(false);
    for (const off of ['false', 'no', '0', 'FALSE']) expect(read(off)).toBe(false);
    // true is exactly one hop, the load balancer directly in front, never "everyone".
    for (const one of ['true', 'yes', '1', 'True']) expect(read(one)).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(read(' 10.0.0.0/8, 192.168.1.1 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of [
      '17',
      '-1',
      '1.5',
      'lb.internal',
      '10.0.0.1/33',
      '10.0.0.1,,10.0.0.2',
      'true,10.0.0.1',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads REQUEST_TIMEOUT_SECONDS as milliseconds, 30 s by default', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '5' }).requestTimeoutMs).toBe(5_000);
    expect(loadConfig({}).renewalReminderIntervalMs).toBe(3_600_000);
    expect(loadConfig({ RENEWAL_REMINDER_INTERVAL_MINUTES: '15' }).renewalReminderIntervalMs).toBe(900_000);
    for (const bad of ['0', '1.5', '3601', 'soon']) {
      expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: bad }), bad).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    }
  });

  it('names every invalid variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', WS_URL: 'http://x' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET[\s\S]*WS_URL/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ LOGIN_LOCK_MINUTES: '0' })).toThrow(/LOGIN_LOCK_MINUTES/);
  });
});
