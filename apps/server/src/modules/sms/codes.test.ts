import { CODE, IDENTITY_CODE, MSG, type SmsPurpose } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import { createMemoryStore, type KeyValue } from '../../lib/kv.js';
import { createSmsCodes } from './codes.js';

const limits = loadConfig({ NODE_ENV: 'test' }).sms;
const PHONE = '13900000000';

function setup(options: { fail?: boolean } = {}) {
  let clock = Date.parse('2026-11-22T02:00:00.000Z');
  const { kv } = createMemoryStore();
  const written: string[] = [];
  const recording: KeyValue = {
    ...kv,
    set: async (key, value, ttl) => {
      written.push(value);
      await kv.set(key, value, ttl);
    },
  };
  const sent: { phone: string; code: string; purpose: SmsPurpose }[] = [];
  const codes = createSmsCodes({
    kv: recording,
    provider: {
      name: 'fake',
      async send(phone, code, purpose) {
        if (options.fail) throw new Error('gateway down');
        sent.push({ phone, code, purpose });
      },
    },
    secret: 'test-secret',
    limits,
    now: () => new Date(clock),
    log: { error: () => {} },
  });
  return {
    codes,
    sent,
    written,
    advance: (ms: number) => {
      clock += ms;
    },
    lastCode: () => sent.at(-1)?.code ?? '',
  };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('SMS codes', () => {
  it('sends 4 digits, stores only an HMAC, and accepts the code once', async () => {
    const s = setup();
    await s.codes.send(PHONE, 'login', '1.1.1.1');
    const code = s.lastCode();
    expect(code).toMatch(/^\d{4}$/);
    expect(s.written.join(' ')).not.toMatch(new RegExp(`"${code}"|:${code}\\b`));
    await s.codes.verify(PHONE, 'login', code);
    const again = await failure(s.codes.verify(PHONE, 'login', code));
    expect([again.bodyCode, again.message]).toEqual([CODE.smsRefused, MSG.smsCodeVoid]);
  });

  it('keeps codes of different purposes apart', async () => {
    const s = setup();
    await s.codes.send(PHONE, 'bind', '1.1.1.1');
    const error = await failure(s.codes.verify(PHONE, 'login', s.lastCode()));
    expect([error.bodyCode, error.message]).toEqual([CODE.smsRefused, MSG.smsCodeVoid]);
    await s.codes.verify(PHONE, 'bind', s.lastCode());
  });

  it('expires a code after 5 minutes', async () => {
    const s = setup();
    await s.codes.send(PHONE, 'login', '1.1.1.1');
    s.advance(5 * 60_000 + 1_000);
    const error = await failure(s.codes.verify(PHONE, 'login', s.lastCode()));
    expect([error.bodyCode, error.message]).toEqual([CODE.smsRefused, MSG.smsCodeExpired]);
  });

  it('kills a code at the fifth wrong try (20008 before it, 20012 from it on), so the right one fails after it', async () => {
    const s = setup();
    await s.codes.send(PHONE, 'login', '1.1.1.1');
    const code = s.lastCode();
    const wrong = code === '0000' ? '0001' : '0000';
    for (let i = 0; i < 4; i += 1) {
      const error = await failure(s.codes.verify(PHONE, 'login', wrong));
      expect([error.bodyCode, error.message]).toEqual([IDENTITY_CODE.smsCodeInvalid, MSG.smsCodeWrong]);
    }
    const fifth = await failure(s.codes.verify(PHONE, 'login', wrong));
    expect([fifth.bodyCode, fifth.message]).toEqual([CODE.smsRefused, MSG.smsCodeTooManyTries]);
    const after = await failure(s.codes.verify(PHONE, 'login', code));
    expect([after.bodyCode, after.message]).toEqual([CODE.smsRefused, MSG.smsCodeVoid]);
  });

  it('keeps a code when asked not to consume it, until consume()', async () => {
    const s = setup();
    await s.codes.send(PHONE, 'findpwd', '1.1.1.1');
    await s.codes.verify(PHONE, 'findpwd', s.lastCode(), { consume: false });
    await s.codes.verify(PHONE, 'findpwd', s.lastCode(), { consume: false });
    await s.codes.consume(PHONE, 'findpwd');
    expect((await failure(s.codes.verify(PHONE, 'findpwd', s.lastCode()))).message).toBe(MSG.smsCodeVoid);
  });

  it('enforces the 60 s cool-down per mobile, across purposes', async () => {
    const s = setup();
    await s.codes.send(PHONE, 'login', '1.1.1.1');
    s.advance(15_000);
    const error = await failure(s.codes.send(PHONE, 'bind', '1.1.1.1'));
    expect([error.bodyCode, error.message]).toEqual([CODE.smsRefused, '发送过于频繁，请45秒后再试']);
    s.advance(45_000);
    await s.codes.send(PHONE, 'bind', '1.1.1.1');
  });

  it('answers a failing gateway with 20012 and lets the user retry at once', async () => {
    const s = setup({ fail: true });
    const error = await failure(s.codes.send(PHONE, 'login', '1.1.1.1'));
    expect([error.bodyCode, error.message]).toEqual([CODE.smsRefused, MSG.smsSendFailed]);
    expect((await failure(s.codes.send(PHONE, 'login', '1.1.1.1'))).message).toBe(MSG.smsSendFailed);
  });
});
