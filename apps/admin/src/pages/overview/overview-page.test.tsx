import { screen, waitFor } from '@testing-library/react';
import { type Overview, STAFF_API, STAFF_OVERVIEW_API } from '@uc/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { renderConsole, sessionOf } from '../../test/render';

// ECharts draws on a canvas, which jsdom has not: the charts are named images here.
vi.mock('../../components/charts/chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const day = (date: string, over: Partial<Overview['days'][number]> = {}) => ({
  date,
  revenue_fen: 0,
  by_channel: {},
  new_members: 0,
  paying_members: 0,
  orders: 0,
  refunds: 0,
  refund_fen: 0,
  ...over,
});

const FULL: Overview = {
  from: '2026-11-23',
  to: '2026-11-24',
  days: [
    day('2026-11-23', { revenue_fen: 10_000, by_channel: { wechat: 10_000 }, new_members: 1 }),
    day('2026-11-24', { revenue_fen: 35_000, by_channel: { transfer: 35_000 }, paying_members: 2 }),
  ],
  channels: [
    { channel: 'transfer', name: '对公转账', revenue_fen: 35_000 },
    { channel: 'wechat', name: '微信支付', revenue_fen: 10_000 },
  ],
  orders_by_status: [{ status: 'paid', name: '已支付', count: 3 }],
  totals: {
    revenue_fen: 45_000,
    new_members: 1,
    paying_members: 2,
    orders: 3,
    refunds: 1,
    refund_fen: 2_000,
  },
};

const EMPTY: Overview = {
  ...FULL,
  days: [day('2026-11-23'), day('2026-11-24')],
  channels: [],
  orders_by_status: [],
  totals: { revenue_fen: 0, new_members: 0, paying_members: 0, orders: 0, refunds: 0, refund_fen: 0 },
};

function routes(data: Overview) {
  mockApi({ get: { [STAFF_API.me]: () => sessionOf('finance'), [STAFF_OVERVIEW_API.overview]: () => data } });
}

describe('概览', { timeout: 60_000 }, () => {
  it('shows the KPI cards and the charts', async () => {
    routes(FULL);
    renderConsole('/overview');
    expect(await screen.findByText('¥450.00', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('1 笔 / ¥20.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '每日收入（按渠道）' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '订单状态' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '每日新会员与付费会员' })).toBeInTheDocument();
    // The default period: no dates sent.
    expect(requests('get', STAFF_OVERVIEW_API.overview)[0]?.query).toEqual({});
  });

  it('says 暂无数据 for an empty period', async () => {
    routes(EMPTY);
    renderConsole('/overview');
    await waitFor(() => expect(screen.getAllByText('暂无数据', { selector: 'div' })).toHaveLength(3), {
      timeout: 15_000,
    });
    expect(screen.queryByRole('img', { name: '订单状态' })).toBeNull();
  });
});
