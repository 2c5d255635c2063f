import { screen } from '@testing-library/react';
import { COMMERCE_API } from '@uc/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type Routes } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { ApiPaySuccessPage } from './api-pay-success-page';
import { needsOpeningReload, reloadForOpening } from './model/reload';
import { PaySuccessPage } from './pay-success-page';
import { shopRoutes } from './testing';

// The opening reload is a page load, which jsdom cannot do: the tests say when one is due and see it asked for.
vi.mock('./model/reload', () => ({
  needsOpeningReload: vi.fn(),
  reloadForOpening: vi.fn(),
  clearOpeningFlag: vi.fn(),
}));

const answer = (routes: Routes, base?: Parameters<typeof shopRoutes>[0]) => mockApi(shopRoutes(base), routes);

afterEach(() => vi.clearAllMocks());

describe('PaySuccessPage', () => {
  it('shows 开通中 full screen and reloads once', async () => {
    signIn({ level: 60 });
    vi.mocked(needsOpeningReload).mockReturnValue(true);
    answer({});
    renderApp(<PaySuccessPage />, { at: '/paySuccess?state=true' });
    expect(screen.getByText('开通中')).toBeInTheDocument();
    await vi.waitFor(() => expect(reloadForOpening).toHaveBeenCalledTimes(1));
  });

  it('after the reload shows the new plan, its level and expiry, with the ways on', async () => {
    signIn({ level: 60 });
    vi.mocked(needsOpeningReload).mockReturnValue(false);
    answer(
      {},
      {
        cusInfo: { gid: 6, level: 60 },
        setmeal: { gid: 6, name: '至尊版', level: 60, expired_time: '2027-11-23T02:00:00.000Z' },
      },
    );
    renderApp(<PaySuccessPage />, { at: '/paySuccess?state=true' });
    expect(await screen.findByTestId('opened-plan')).toHaveTextContent('至尊版');
    expect(screen.getByText('至尊版会员')).toBeInTheDocument();
    expect(screen.getByTestId('opened-expiry')).toHaveTextContent('会员有效期至 2027-11-23');
    expect(screen.getByRole('link', { name: '返回会员中心' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: '查看我的订单' })).toHaveAttribute('href', '/order/list');
    expect(reloadForOpening).not.toHaveBeenCalled();
  });

  it('does not claim success without state=true', async () => {
    signIn();
    vi.mocked(needsOpeningReload).mockReturnValue(true);
    answer({});
    renderApp(<PaySuccessPage />, { at: '/paySuccess' });
    expect(await screen.findByText('暂未查询到支付结果')).toBeInTheDocument();
    expect(reloadForOpening).not.toHaveBeenCalled();
  });
});

describe('ApiPaySuccessPage', () => {
  it('shows the API calls left', async () => {
    signIn();
    vi.mocked(needsOpeningReload).mockReturnValue(false);
    answer({
      get: {
        [COMMERCE_API.surplus]: () => ({
          total: 150_000,
          used: 0,
          surplus: 150_000,
          expired_time: '2029-11-23T02:00:00.000Z',
        }),
      },
    });
    renderApp(<ApiPaySuccessPage />, { at: '/apiPaySuccess?state=true' });
    expect(await screen.findByText('API套餐开通成功')).toBeInTheDocument();
    expect(await screen.findByTestId('api-surplus')).toHaveTextContent('150,000');
    expect(screen.getByText('有效期至 2029-11-23')).toBeInTheDocument();
  });
});
