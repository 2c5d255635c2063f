// Test fixtures of the shop: the catalogue, an order as the server prices it, and an http double by path.
import { QueryClient } from '@tanstack/react-query';
import {
  COMMERCE_API,
  type CusInfo,
  HOME_STATS_API,
  type OrderCreated,
  type PlanItem,
  type SetmealInfo,
} from '@uc/shared';
import { useLocation } from 'react-router';
import { vi } from 'vitest';
import { http } from '../../lib/http/http';
import { useAuthStore } from '../../lib/session/auth-store';
import { renderRoutes } from '../../test/render';

const CUS_INFO_URL = '/api/ccw/member/management/getCusInfo/';

const plan = (
  gid: number,
  name: string,
  level: number | null,
  price: number,
  extra: Partial<PlanItem> = {},
) =>
  ({
    gid,
    name,
    level,
    unit_price: price,
    unit: gid === 1 || gid === 11 || gid === 6 ? 'year' : 'months12',
    api_calls_per_unit: level === null ? 50_000 : null,
    features: [`${name}权益一`, `${name}权益二`],
    on_sale: true,
    plain_invoice_only: gid === 1,
    ...extra,
  }) satisfies PlanItem;

export const PLANS: PlanItem[] = [
  plan(1, 'VIP地方版', 20, 1980),
  plan(12, 'VIP高级版', 21, 3980),
  plan(13, 'VIP专业版', 22, 6980),
  plan(6, '至尊版', 60, 19800),
  plan(11, '集团版', 61, 39800),
  plan(14, 'API套餐', null, 9800),
];

export function orderFixture(overrides: Partial<OrderCreated> = {}): OrderCreated {
  const count = overrides.count ?? 1;
  const total = 6980 * count;
  return {
    out_trade_no: `T2026${count}000001`,
    gid: 13,
    name: 'VIP专业版',
    count,
    price: total,
    price_list: [],
    total,
    credit: 0,
    lines: [{ label: `VIP专业版 × ${count}年`, amount: total }],
    min_count: 1,
    late_time: '2026-03-01T10:10:00.000Z',
    expired_time: '2026-03-20T00:00:00.000Z',
    new_expired_time: `${2026 + count}-03-20T00:00:00.000Z`,
    status: 'created',
    ...overrides,
  };
}

export const envelope = <T,>(data: T) => ({ data: { code: 200, message: '', data } });

export interface HttpDouble {
  get?: Record<string, (params?: Record<string, unknown>) => unknown>;
  post?: Record<string, (body: Record<string, unknown>) => unknown>;
}

/** Answers http.get / http.post by path; a handler returning an Error rejects; unknown paths reject. */
export function mockHttp(
  double: HttpDouble,
  base: { cusInfo?: Partial<CusInfo>; setmeal?: Partial<SetmealInfo> } = {},
) {
  const gets: Record<string, (params?: Record<string, unknown>) => unknown> = {
    [CUS_INFO_URL]: () => ({
      company_name: '深圳市前海智汇科技有限公司',
      is_sub: false,
      gid: 13,
      level: 22,
      expired_time: '2026-03-20T00:00:00.000Z',
      ...base.cusInfo,
    }),
    [HOME_STATS_API.setmeal]: () => ({
      gid: 13,
      name: 'VIP专业版',
      level: 22,
      level_name: 'VIP专业版',
      expired_time: '2026-03-20T00:00:00.000Z',
      days_left: 20,
      expired: false,
      ...base.setmeal,
    }),
    [COMMERCE_API.planList]: () => PLANS,
    ...double.get,
  };
  const answer = async (handler: ((arg: never) => unknown) | undefined, arg: unknown, url: string) => {
    if (!handler) throw new Error(`unexpected call ${url}`);
    const value = handler(arg as never);
    if (value instanceof Error) throw value;
    return envelope(value);
  };
  vi.mocked(http.get).mockImplementation(async (url, config) => answer(gets[url], config?.params, url));
  vi.mocked(http.post).mockImplementation(async (url: string, body?: unknown) =>
    answer(double.post?.[url], body, url),
  );
}

/** Shows where the router went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderPage(ui: React.ReactNode, path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
    ],
    [path],
    { client },
  );
  return { ...result, client };
}

export function setMember(user: { level: number; id?: number; roles?: string[] } = { level: 22 }) {
  useAuthStore.setState({
    token: 'test-token',
    id: user.id ?? 7,
    name: 'demouser',
    level: user.level,
    roles: user.roles ?? [],
  });
}

export const location = () => document.querySelector('[data-testid="location"]')?.textContent ?? '';
