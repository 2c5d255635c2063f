// Test fixtures of the account screens: the account as the server presents it, and an http double by method and path.
import { QueryClient } from '@tanstack/react-query';
import type { AccountProfile, CusInfo, SecurityState, SubAccountItem } from '@uc/shared';
import { vi } from 'vitest';
import { http } from '../../lib/http/http';
import { useAuthStore } from '../../lib/session/auth-store';
import { renderRoutes } from '../../test/render';

export const CUS_INFO_URL = '/api/ccw/member/management/getCusInfo/';

export function profileFixture(over: Partial<AccountProfile> = {}): AccountProfile {
  return {
    id: 7,
    username: 'demouser',
    company_name: '深圳市前海智汇科技有限公司',
    name: '张经理',
    email: 'demo@example.com',
    email_pending: '',
    mobile: '138****8000',
    avatar: '/media/avatar/default.png',
    is_sub: false,
    createTime: '2026-01-05T02:00:00.000Z',
    ...over,
  };
}

export function securityFixture(over: Partial<SecurityState> = {}): SecurityState {
  return {
    mobile: '138****8000',
    email: 'd***o@example.com',
    email_confirmed: true,
    email_pending: '',
    password_changed_at: '2026-11-01T06:30:00.000Z',
    login_events: [
      {
        time: '2026-11-23T06:00:00.000Z',
        ip: '10.0.0.8',
        device: 'Chrome 120 / Windows 10',
        method: 'password',
        success: true,
      },
      {
        time: '2026-11-22T01:00:00.000Z',
        ip: '10.0.0.9',
        device: 'Safari 17 / iOS 17',
        method: 'sms',
        success: false,
      },
    ],
    sessions: [
      {
        jti: 'current-jti',
        created_at: '2026-11-23T06:00:00.000Z',
        expires_at: '2026-11-24T06:00:00.000Z',
        ip: '10.0.0.8',
        device: 'Chrome 120 / Windows 10',
        current: true,
      },
      {
        jti: 'other-jti',
        created_at: '2026-11-22T01:00:00.000Z',
        expires_at: '2026-11-29T01:00:00.000Z',
        ip: '10.0.0.9',
        device: 'Safari 17 / iOS 17',
        current: false,
      },
    ],
    audit: [
      {
        time: '2026-11-20T03:00:00.000Z',
        action: 'sub_added',
        label: '添加子账号',
        actor: 'demouser',
        target: 'demosub01',
        ip: '10.0.0.8',
      },
    ],
    ...over,
  };
}

export function subFixture(over: Partial<SubAccountItem> = {}): SubAccountItem {
  return {
    id: 21,
    username: 'demosub01',
    name: '李会计',
    mobile: '13900001111',
    enabled: true,
    createTime: '2026-11-01T02:00:00.000Z',
    last_login: '2026-11-22T08:00:00.000Z',
    ...over,
  };
}

type Handler = (arg: Record<string, unknown>) => unknown;

export interface HttpDouble {
  get?: Record<string, Handler>;
  post?: Record<string, Handler>;
  put?: Record<string, Handler>;
  delete?: Record<string, Handler>;
}

/** An envelope the way the server answers a business refusal: HTTP 200, another code, a Chinese message. */
export class Refusal {
  constructor(
    readonly code: number,
    readonly message: string,
  ) {}
}

/**
 * Answers http.get / post / put / delete by path: a handler's value is the envelope's data, a Refusal becomes a
 * refused envelope, an Error rejects, an unknown path rejects.
 */
export function mockHttp(double: HttpDouble, base: { cusInfo?: Partial<CusInfo> } = {}) {
  const gets: Record<string, Handler> = {
    [CUS_INFO_URL]: () => ({
      company_name: '深圳市前海智汇科技有限公司',
      is_sub: false,
      gid: 13,
      level: 22,
      expired_time: '2026-12-13T00:00:00.000Z',
      ...base.cusInfo,
    }),
    ...double.get,
  };
  const answer = async (handler: Handler | undefined, arg: unknown, url: string) => {
    if (!handler) throw new Error(`unexpected call ${url}`);
    const value = await handler((arg ?? {}) as Record<string, unknown>);
    if (value instanceof Error) throw value;
    if (value instanceof Refusal) return { data: { code: value.code, message: value.message, data: null } };
    return { data: { code: 200, message: '', data: value } };
  };
  vi.mocked(http.get).mockImplementation(async (url, config) => answer(gets[url], config?.params, url));
  vi.mocked(http.post).mockImplementation(async (url: string, body?: unknown) =>
    answer(double.post?.[url], body, url),
  );
  vi.mocked(http.put).mockImplementation(async (url: string, body?: unknown) =>
    answer(double.put?.[url], body, url),
  );
  vi.mocked(http.delete).mockImplementation(async (url: string) => answer(double.delete?.[url], {}, url));
}

export function renderPage(ui: React.ReactNode, path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = renderRoutes([{ path: '*', element: ui }], [path], { client });
  return { ...result, client };
}

export function setMember(user: { id?: number; name?: string; roles?: string[] } = {}) {
  useAuthStore.setState({
    token: 'test-token',
    id: user.id ?? 7,
    name: user.name ?? 'demouser',
    level: 22,
    roles: user.roles ?? [],
  });
}
