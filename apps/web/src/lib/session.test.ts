import { COOKIE } from '@uc/shared';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from './auth-store';
import { startSession } from './session';

function fakeJwt(payload: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.sig`;
}

const payload = {
  user_id: 7,
  username: 'demouser',
  email: 'demo@example.com',
  is_service: false,
  level: 22,
  exp: 1_700_000_000 + 7 * 86_400,
  group_id: 3,
  area: '440300',
  jti: 'j1',
};

afterEach(() => {
  vi.restoreAllMocks();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

describe('startSession', () => {
  it('stores the token cookies and fills the user from the token', () => {
    Cookies.set(COOKIE.city, JSON.stringify({ citycode: '110000', cityname: '北京市' }));
    useAuthStore.setState({ roles: ['old'] });
    const token = fakeJwt(payload);
    startSession(token, false, 1_700_000_000);
    expect(Cookies.get(COOKIE.token)).toBe(token);
    expect(JSON.parse(Cookies.get(COOKIE.user) ?? '{}')).toMatchObject({ username: 'demouser', level: 22 });
    expect(Cookies.get(COOKIE.id)).toBe('7');
    expect(Cookies.get(COOKIE.city)).toBeUndefined();
    expect(useAuthStore.getState()).toMatchObject({
      token,
      id: 7,
      name: 'demouser',
      level: 22,
      gid: 3,
      roles: [],
      menus: null,
      boot: 'idle',
    });
  });

  it('makes the cookies persistent only with remember-me', () => {
    const set = vi.spyOn(Cookies, 'set');
    startSession(fakeJwt(payload), false, 1_700_000_000);
    expect(set.mock.calls.every(([, , attributes]) => attributes?.expires === undefined)).toBe(true);
    set.mockClear();
    startSession(fakeJwt(payload), true, 1_700_000_000);
    const expected = (7 * 86_400 - 28_830) / 86_400;
    expect(set.mock.calls.length).toBeGreaterThan(0);
    for (const [, , attributes] of set.mock.calls) {
      expect(attributes).toMatchObject({ sameSite: 'Lax', path: '/' });
      expect(attributes?.expires).toBeCloseTo(expected, 10);
    }
  });

  it('refuses an unreadable token', () => {
    expect(() => startSession('garbage', true)).toThrow();
  });
});
