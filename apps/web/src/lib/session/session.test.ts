import { COOKIE, DEFAULT_CITY } from '@uc/shared';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from './auth-store';
import { getCity, REMEMBER_COOKIE } from './cookies';
import { logout, startSession } from './session';

vi.mock('./api/logout', () => ({ postLogout: vi.fn(async () => {}) }));
vi.mock('./api/get-menus', () => ({ getMenus: vi.fn(async () => []) }));
vi.mock('./api/get-user-info', () => ({
  getUserInfo: vi.fn(async () => ({
    id: 7,
    roles: ['member', 'vip'],
    username: 'demouser',
    avatar: '',
    email: 'demo@example.com',
    createTime: '2024-01-01 00:00:00',
    level: 22,
    is_one_click: false,
    s: 'sz',
  })),
}));

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
  vi.useRealTimers();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

/** Records the raw Set-Cookie strings written through document.cookie (with their expires attribute). */
function recordCookieWrites(): { written: string[]; stop: () => void } {
  const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (!native?.get || !native.set) throw new Error('document.cookie is not an accessor');
  const { get, set } = native;
  const written: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => get.call(document),
    set: (value: string) => {
      written.push(value);
      set.call(document, value);
    },
  });
  return { written, stop: () => Reflect.deleteProperty(document, 'cookie') };
}

const expiresOf = (written: string[], name: string) =>
  written
    .filter((line) => line.startsWith(`${name}=`) && !line.includes('=;'))
    .map((line) => /expires=([^;]+)/i.exec(line)?.[1] ?? 'session')
    .at(-1);

describe('startSession', () => {
  it('stores the token cookies and fills the user from the token', () => {
    Cookies.set(COOKIE.city, JSON.stringify({ citycode: '110000', cityname: '北京市' }));
    useAuthStore.setState({ roles: ['old'] });
    const token = fakeJwt(payload);
    startSession(token, false, 1_700_000_000);
    expect(Cookies.get(COOKIE.token)).toBe(token);
    expect(JSON.parse(Cookies.get(COOKIE.user) ?? '{}')).toMatchObject({ username: 'demouser', level: 22 });
    expect(Cookies.get(COOKIE.id)).toBe('7');
    // docs/requirements.md §4: login clears the old token and roles only; the city stays until logout.
    expect(JSON.parse(Cookies.get(COOKIE.city) ?? '{}')).toEqual({ citycode: '110000', cityname: '北京市' });
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

  it('keeps the city on login and clears it on logout', async () => {
    Cookies.set(COOKIE.city, JSON.stringify({ citycode: '440100', cityname: '广州市' }), { path: '/' });
    startSession(fakeJwt(payload), true, 1_700_000_000);
    expect(getCity()).toEqual({ citycode: '440100', cityname: '广州市' });
    expect(Cookies.get(REMEMBER_COOKIE)).toBe('1');
    await logout();
    for (const name of [COOKIE.token, COOKIE.user, COOKIE.id, COOKIE.site, COOKIE.city, REMEMBER_COOKIE]) {
      expect(Cookies.get(name)).toBeUndefined();
    }
    expect(getCity()).toEqual(DEFAULT_CITY);
  });
});

describe('CCW-Site after a reload (docs/requirements.md §9)', () => {
  const now = 1_700_000_000;

  async function reloadAndBootstrap(): Promise<void> {
    // A reload: no module state of the previous page survives, only the cookies.
    vi.resetModules();
    const fresh = await import('./session');
    await fresh.bootstrapSession(() => {
      throw new Error('bootstrap failed');
    });
  }

  it('with remember-me, CCW-Site ends when CCW-Token, CCW-User and CCW-ID do', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now * 1000);
    const { written, stop } = recordCookieWrites();
    try {
      startSession(fakeJwt(payload), true);
      await reloadAndBootstrap();
    } finally {
      stop();
    }
    const token = expiresOf(written, COOKIE.token);
    expect(token).toBe(new Date((payload.exp - 28_830) * 1000).toUTCString());
    for (const name of [COOKIE.user, COOKIE.id, COOKIE.site]) expect(expiresOf(written, name)).toBe(token);
    expect(Cookies.get(COOKIE.site)).toBe('sz');
  });

  it('without remember-me, CCW-Site stays a session cookie like the others', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now * 1000);
    const { written, stop } = recordCookieWrites();
    try {
      startSession(fakeJwt(payload), false);
      await reloadAndBootstrap();
    } finally {
      stop();
    }
    for (const name of [COOKIE.token, COOKIE.user, COOKIE.id, COOKIE.site]) {
      expect(expiresOf(written, name)).toBe('session');
    }
    expect(Cookies.get(REMEMBER_COOKIE)).toBeUndefined();
  });
});

describe('getCity', () => {
  const setCityCookie = (value: string) => Cookies.set(COOKIE.city, value, { path: '/' });

  it('is Shenzhen without a cookie', () => {
    expect(getCity()).toEqual({ citycode: '440300', cityname: '深圳市' });
  });
  it('accepts the cities the server serves, named as in the shared list', () => {
    setCityCookie(JSON.stringify({ citycode: '441900', cityname: '东莞市' }));
    expect(getCity()).toEqual({ citycode: '441900', cityname: '东莞市' });
    setCityCookie(JSON.stringify({ citycode: '440100', cityname: 'Guangzhou' }));
    expect(getCity()).toEqual({ citycode: '440100', cityname: '广州市' });
  });
  it.each([
    JSON.stringify({ citycode: '310000', cityname: '上海市' }),
    JSON.stringify({ citycode: 440300, cityname: '深圳市' }),
    JSON.stringify({ cityname: '深圳市' }),
    'not json',
    '"440300"',
  ])('falls back to Shenzhen for %s', (value) => {
    setCityCookie(value);
    expect(getCity()).toEqual(DEFAULT_CITY);
  });
});
