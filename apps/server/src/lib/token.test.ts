import type { TokenPayload } from '@uc/shared';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokens } from './token.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const payload = (exp: number): TokenPayload => ({
  user_id: 7,
  username: 'demouser',
  email: 'demo@example.com',
  is_service: false,
  level: 22,
  exp,
  group_id: 7,
  area: '440300',
  jti: 'f0e1d2c3-0000-4000-8000-000000000000',
});
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('tokens', () => {
  const tokens = createTokens(SECRET);

  it('round-trips exactly the payload, HS256', async () => {
    const exp = inAnHour();
    const token = await tokens.sign(payload(exp));
    const [header = ''] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await tokens.verify(token)).toEqual({ ok: true, payload: payload(exp) });
  });

  it('refuses an expired token as expired', async () => {
    const token = await tokens.sign(payload(Math.floor(Date.now() / 1000) - 10));
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses tampering, other secrets, other algorithms and foreign payloads as invalid', async () => {
    const token = await tokens.sign(payload(inAnHour()));
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload(inAnHour()), level: 60 })).toString('base64url');
    expect(await tokens.verify(`${h}.${forged}.${s}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verify(`${h}.${p}.`)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verify('not-a-token')).toEqual({ ok: false, reason: 'invalid' });

    const other = await createTokens('another-secret-of-thirty-two-characters!').sign(payload(inAnHour()));
    expect(await tokens.verify(other)).toEqual({ ok: false, reason: 'invalid' });

    const key = new TextEncoder().encode(SECRET);
    const hs512 = await new SignJWT({ ...payload(inAnHour()) })
      .setProtectedHeader({ alg: 'HS512' })
      .sign(key);
    expect(await tokens.verify(hs512)).toEqual({ ok: false, reason: 'invalid' });
    const noJti = await new SignJWT({ user_id: 1, exp: inAnHour() })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    expect(await tokens.verify(noJti)).toEqual({ ok: false, reason: 'invalid' });
  });

  describe('remembered verdicts', () => {
    afterEach(() => vi.useRealTimers());

    it('still turn expired when the token runs out', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const exp = Math.floor(Date.now() / 1000) + 5;
      const token = await tokens.sign(payload(exp));
      expect(await tokens.verify(token)).toEqual({ ok: true, payload: payload(exp) });
      expect(await tokens.verify(token)).toEqual({ ok: true, payload: payload(exp) });
      vi.setSystemTime(Date.now() + 10_000);
      expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    });
  });
});
