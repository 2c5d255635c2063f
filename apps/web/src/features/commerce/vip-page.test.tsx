import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMERCE_API, MSG } from '@uc/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type Routes, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { PLANS, shopRoutes } from './testing';
import { VipPage } from './vip-page';

const answer = (routes: Routes, base?: Parameters<typeof shopRoutes>[0]) => mockApi(shopRoutes(base), routes);

function button(planName: string, label: string) {
  return screen.getByRole('link', { name: `${label} ${planName}` });
}

describe('VipPage', () => {
  it('marks the professional member’s plan, renews it, upgrades to the higher ones, changes to the lower ones', async () => {
    signIn({ level: 22 });
    answer({});
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    renderApp(<VipPage title="会员套餐" />, { at: '/vip/index#vip' });
    expect(await screen.findByText('当前套餐')).toBeInTheDocument();
    expect(button('VIP专业版', '立即续费')).toHaveAttribute('href', '/taocandetail?gid=13&state=1&isRenew=1');
    expect(button('至尊版', '立即升级')).toHaveAttribute('href', '/taocandetail?gid=6&state=2&isRenew=0');
    expect(button('集团版', '立即升级')).toHaveAttribute('href', '/taocandetail?gid=11&state=2&isRenew=0');
    // Lower plans: a change when the current plan ends.
    const local = screen.getByLabelText('VIP地方版');
    expect(button('VIP地方版', '到期后切换')).toHaveAttribute(
      'href',
      '/taocandetail?gid=1&state=2&isRenew=0',
    );
    expect(within(local).getByText('当前套餐到期后生效，不影响现有权益')).toBeInTheDocument();
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

  it('gives a legacy gold member without a plan id its own card to renew, the credit of an upgrade, lower changes', async () => {
    signIn({ level: 30 });
    answer(
      {
        get: {
          [COMMERCE_API.planChange]: () => ({
            scheduled: null,
            legacy_plan: {
              ...PLANS[2],
              gid: 30,
              name: '黄金会员',
              level: 30,
              unit_price: 12800,
              on_sale: false,
            },
            offers: [
              { gid: 30, kind: 'renew', credit: 0, min_count: 1, price: 12800 },
              { gid: 6, kind: 'switch', credit: 12800, min_count: 1, price: 7000 },
              { gid: 11, kind: 'switch', credit: 12800, min_count: 1, price: 27000 },
              { gid: 13, kind: 'change', credit: 0, min_count: 1, price: 12800 },
            ],
          }),
        },
      },
      { cusInfo: { gid: null, level: 30 }, setmeal: { gid: null, name: '黄金会员', level: 30 } },
    );
    renderApp(<VipPage />, { at: '/vip/index' });
    expect(await screen.findByRole('link', { name: '立即续费 黄金会员' })).toHaveAttribute(
      'href',
      '/taocandetail?gid=30&state=1&isRenew=1',
    );
    expect(screen.getByText('当前套餐')).toBeInTheDocument();
    expect(button('至尊版', '立即升级')).toHaveAttribute('href', '/taocandetail?gid=6&state=2&isRenew=0');
    expect(within(screen.getByLabelText('至尊版')).getByTestId('plan-credit')).toHaveTextContent(
      '当前套餐剩余价值可抵扣 ¥12800',
    );
    expect(button('VIP专业版', '到期后切换')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '已享更高权益' })).not.toBeInTheDocument();
  });

  it('shows the scheduled change and cancels it after a confirmation that says where the money goes', async () => {
    signIn({ level: 60 });
    const scheduled = {
      gid: 13,
      name: 'VIP专业版',
      level: 22,
      count: 1,
      out_trade_no: '20261129000000000001',
      paid: 12800,
      starts_at: '2026-03-20T00:00:00.000Z',
      ends_at: '2027-03-20T00:00:00.000Z',
      created_at: '2026-03-01T00:00:00.000Z',
    };
    let current: typeof scheduled | null = scheduled;
    answer(
      {
        get: {
          [COMMERCE_API.planChange]: () => ({ scheduled: current, legacy_plan: null, offers: [] }),
        },
        post: {
          [COMMERCE_API.planChangeCancel]: () => {
            current = null;
            return null;
          },
        },
      },
      { cusInfo: { gid: 6, level: 60 }, setmeal: { gid: 6, name: '至尊版', level: 60 } },
    );
    renderApp(<VipPage />, { at: '/vip/index' });
    const bar = await screen.findByTestId('scheduled-change');
    expect(bar).toHaveTextContent('到期后转为 VIP专业版（2026-03-20 起，有效期至 2027-03-20）');
    expect(screen.getByRole('button', { name: '到期后生效' })).toBeDisabled();
    // 地方版 and 高级版: another lower plan waits for this one to be cancelled.
    const others = screen.getAllByRole('button', { name: '已有待生效变更' });
    expect(others).toHaveLength(2);
    for (const other of others) expect(other).toBeDisabled();
    await userEvent.click(within(bar).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('已支付的 ¥12800 将原路退回，当前套餐不受影响。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确认取消' }));
    expect(await screen.findByText(MSG.planChangeCancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('scheduled-change')).not.toBeInTheDocument());
    expect(requests('POST', COMMERCE_API.planChangeCancel)).toHaveLength(1);
    expect(button('VIP专业版', '到期后切换')).toBeInTheDocument();
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
