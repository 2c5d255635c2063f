import { screen, within } from '@testing-library/react';
import { COMMERCE_API, MSG } from '@uc/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type Routes } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { shopRoutes } from './testing';
import { VipPage } from './vip-page';

const answer = (routes: Routes, base?: Parameters<typeof shopRoutes>[0]) => mockApi(shopRoutes(base), routes);

function button(planName: string, label: string) {
  return screen.getByRole('link', { name: `${label} ${planName}` });
}

describe('VipPage', () => {
  it('marks the professional member’s plan, renews it and upgrades to the higher ones only', async () => {
    signIn({ level: 22 });
    answer({});
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    renderApp(<VipPage title="会员套餐" />, { at: '/vip/index#vip' });
    expect(await screen.findByText('当前套餐')).toBeInTheDocument();
    expect(button('VIP专业版', '立即续费')).toHaveAttribute('href', '/taocandetail?gid=13&state=1&isRenew=1');
    expect(button('至尊版', '立即升级')).toHaveAttribute('href', '/taocandetail?gid=6&state=2&isRenew=0');
    expect(button('集团版', '立即升级')).toHaveAttribute('href', '/taocandetail?gid=11&state=2&isRenew=0');
    // Lower plans: nothing to buy.
    const local = screen.getByLabelText('VIP地方版');
    expect(within(local).getByRole('button', { name: '已享更高权益' })).toBeDisabled();
    expect(within(local).getByText('¥1980')).toBeInTheDocument();
    expect(within(local).getByText('VIP地方版权益一')).toBeInTheDocument();
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('当前套餐：VIP专业版');
    expect(screen.getByTestId('current-plan')).toHaveTextContent('有效期至 2026-03-20');
    // The #vip anchor scrolls to the plans.
    expect(scroll).toHaveBeenCalled();
  });

  it('offers every plan to an experience user, and the API package once for its four services', async () => {
    signIn({ level: 10 });
    answer(
      {},
      {
        cusInfo: { gid: null, level: 10, expired_time: null },
        setmeal: { gid: null, name: '体验会员', level: 10 },
      },
    );
    renderApp(<VipPage />, { at: '/vip/index' });
    expect(await screen.findByRole('link', { name: '立即购买 VIP地方版' })).toHaveAttribute(
      'href',
      '/taocandetail?gid=1&state=2&isRenew=0',
    );
    expect(screen.queryByText('当前套餐')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /立即续费/ })).not.toBeInTheDocument();
    const api = screen.getByLabelText('API套餐', { selector: '.ant-card' });
    const services = within(api).getByRole('list', { name: 'API套餐包含的服务' });
    expect(
      within(services)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['政策源库', '标准化政策库', '资助公示查询（近2年）', '高企评分']);
    // One package, one button; its keys and calls on 我的API.
    expect(within(api).getAllByRole('link', { name: /立即购买/ })).toHaveLength(1);
    expect(within(api).getByRole('link', { name: '立即购买 API套餐' })).toHaveAttribute(
      'href',
      '/apiorder?gid=14',
    );
    expect(within(api).getByRole('link', { name: '我的API' })).toHaveAttribute('href', '/api/keys');
    expect(within(api).getByTestId('api-plan-price')).toHaveTextContent('¥9800/年 · 每份 50,000 次调用');
    expect(await within(api).findByTestId('api-balance')).toHaveTextContent('暂未购买');
  });

  it('shows the member’s API call balance on the API package', async () => {
    signIn({ level: 22 });
    answer({
      get: {
        [COMMERCE_API.surplus]: () => ({
          total: 100_000,
          used: 88_000,
          surplus: 12_000,
          expired_time: '2099-02-28T16:00:00.000Z',
        }),
      },
    });
    renderApp(<VipPage />, { at: '/vip/index' });
    expect(await screen.findByTestId('api-balance')).toHaveTextContent(
      '剩余调用 12,000 次 · 有效期至 2099-03-01',
    );
  });

  it('sends a legacy gold member without a plan id to choose a plan: no renew button, only higher plans', async () => {
    signIn({ level: 30 });
    answer({}, { cusInfo: { gid: null, level: 30 }, setmeal: { gid: null, name: '黄金会员', level: 30 } });
    renderApp(<VipPage />, { at: '/vip/index' });
    expect(await screen.findByRole('link', { name: '立即升级 至尊版' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /立即续费/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '已享更高权益' })).toHaveLength(3);
  });

  it('tells a sub-account it cannot see the plans', async () => {
    signIn({ level: 22, roles: ['sub'] });
    answer({}, { cusInfo: { is_sub: true } });
    renderApp(<VipPage />, { at: '/vip/index' });
    expect(await screen.findByText(MSG.subAccountNoPackages)).toBeInTheDocument();
    expect(screen.queryByText('VIP会员套餐')).not.toBeInTheDocument();
  });

  it('shows the sub-account result for the isSub query', async () => {
    signIn({ level: 22 });
    answer({});
    renderApp(<VipPage />, { at: '/vip/index?isSub=1' });
    expect(await screen.findByText(MSG.subAccountNoPackages)).toBeInTheDocument();
  });
});
