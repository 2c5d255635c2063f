import { describe, expect, it } from 'vitest';
import { cookieLifetimeDays, decodeToken, resolveAvatar } from './token';

function fakeJwt(payload: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('cookieLifetimeDays (docs/requirements.md §9)', () => {
  const now = 1_700_000_000;
  it('is a session cookie without remember-me', () => {
    expect(cookieLifetimeDays(now + 7 * 86_400, now, false)).toBeUndefined();
  });
  it('is (exp - 28830 - now) / 86400 days with remember-me', () => {
    expect(cookieLifetimeDays(now + 7 * 86_400, now, true)).toBeCloseTo((7 * 86_400 - 28_830) / 86_400, 10);
    expect(cookieLifetimeDays(now + 86_400, now, true)).toBeCloseTo(57_570 / 86_400, 10);
  });
  it('falls back to a session cookie when the result is not positive', () => {
    expect(cookieLifetimeDays(now + 28_830, now, true)).toBeUndefined();
    expect(cookieLifetimeDays(now - 10, now, true)).toBeUndefined();
  });
});

describe('decodeToken', () => {
  it('reads the docs/requirements.md §3 payload', () => {
    const token = fakeJwt({
      user_id: 7,
      username: 'demouser',
      email: 'demo@example.com',
      is_service: true,
      level: 22,
      exp: 1_800_000_000,
      group_id: 3,
      area: '440300',
      jti: 'abc',
    });
    expect(decodeToken(token)).toEqual({
      user_id: 7,
      username: 'demouser',
      email: 'demo@example.com',
      is_service: true,
      level: 22,
      exp: 1_800_000_000,
      group_id: 3,
      area: '440300',
      jti: 'abc',
    });
  });
  it('returns null for garbage or a payload without user id / exp', () => {
    expect(decodeToken('')).toBeNull();
    expect(decodeToken('not-a-jwt')).toBeNull();
    expect(decodeToken(fakeJwt({ username: 'x' }))).toBeNull();
  });
});

describe('resolveAvatar', () => {
  it('prefixes relative avatars with the main site', () => {
    expect(resolveAvatar('/media/a.png', 'https://www.chacewang.com/')).toBe(
      'https://www.chacewang.com/media/a.png',
    );
    expect(resolveAvatar('media/a.png', 'https://www.chacewang.com')).toBe(
      'https://www.chacewang.com/media/a.png',
    );
  });
  it('keeps absolute avatars and empty values', () => {
    expect(resolveAvatar('https://cdn.x.cn/a.png', 'https://www.chacewang.com')).toBe(
      'https://cdn.x.cn/a.png',
    );
    expect(resolveAvatar('', 'https://www.chacewang.com')).toBe('');
    expect(resolveAvatar(null, 'https://www.chacewang.com')).toBe('');
  });
});
