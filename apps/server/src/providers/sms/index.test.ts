import { MSG_WITH } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createSmsProvider } from './index.js';

const log = { info: () => {} };
const now = () => new Date('2026-11-22T00:00:00.000Z');

describe('createSmsProvider', () => {
  it('uses the console provider by default, with an outbox, newest first', async () => {
    const { provider, outbox } = createSmsProvider(loadConfig({ NODE_ENV: 'test' }), log, now);
    expect(provider.name).toBe('console');
    await provider.send('13900000000', '1111', 'login');
    await provider.send('13900000000', '2222', 'register');
    await provider.send('13900000009', '3333', 'login');
    expect(outbox?.list('13900000000')).toEqual([
      { phone: '13900000000', code: '2222', purpose: 'register', sentAt: '2026-11-22T00:00:00.000Z' },
      { phone: '13900000000', code: '1111', purpose: 'login', sentAt: '2026-11-22T00:00:00.000Z' },
    ]);
  });

  it('keeps a digest in the console outbox with its whole text, signed', async () => {
    const { provider, outbox } = createSmsProvider(loadConfig({ NODE_ENV: 'test' }), log, now);
    await provider.notify('13900000001', { title: '深圳市数字经济政策', count: 2 });
    expect(outbox?.list('13900000001')).toEqual([
      {
        phone: '13900000001',
        code: '',
        purpose: 'digest',
        text: `【查策网】${MSG_WITH.pushDigest('深圳市数字经济政策', 2)}`,
        sentAt: '2026-11-22T00:00:00.000Z',
      },
    ]);
  });

  it('refuses the console provider in production unless SMS_ALLOW_CONSOLE=true', () => {
    expect(() => createSmsProvider(loadConfig({ NODE_ENV: 'production' }), log, now)).toThrow(
      /SMS_ALLOW_CONSOLE/,
    );
    const allowed = loadConfig({ NODE_ENV: 'production', SMS_ALLOW_CONSOLE: 'true' });
    expect(createSmsProvider(allowed, log, now).provider.name).toBe('console');
  });

  it('configures Tencent Cloud SMS from the environment and names what is missing', () => {
    expect(() => createSmsProvider(loadConfig({ SMS_PROVIDER: 'tencent' }), log, now)).toThrow(
      /TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID/,
    );
    const choice = createSmsProvider(
      loadConfig({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: 'id',
        TENCENT_SMS_SECRET_KEY: 'key',
        TENCENT_SMS_SDK_APP_ID: '1400000000',
        TENCENT_SMS_SIGN_NAME: '查策网',
        TENCENT_SMS_TEMPLATE_ID: '100',
      }),
      log,
      now,
    );
    expect(choice.provider.name).toBe('tencent');
    expect(choice.outbox).toBeNull();
  });
});
