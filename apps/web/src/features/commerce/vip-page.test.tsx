import { screen, within } from '@testing-library/react';
import { MSG } from '@uc/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore } from '../../lib/session/auth-store';
import { mockHttp, renderPage, setMember } from './testing';
import { VipPage } from './vip-page';

vi.mock('../../lib/http/http', () => ({ http: { get: vi.fn(), post: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
  resetAuthStore();
});

function button(planName: string, label: string) {
  return screen.getByRole('link', { name: `${label} ${planName}` });
}

describe('VipPage', () => {
  it('marks the professional member’s plan, renews it and upgrades to the higher ones only', async () => {
    setMember({ level: 22 });
    mockHttp({});
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    renderPage(<VipPage title="会员套餐" />, '/vip/index#vip');
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

  it('offers every plan to an experience user, and the four API services through the API order page', async () => {
    setMember({ level: 10 });
    mockHttp(
      {},
      {
        cusInfo: { gid: null, level: 10, expired_time: null },
        setmeal: { gid: null, name: '体验会员', level: 10 },
      },
    );
    renderPage(<VipPage />, '/vip/index');
    expect(await screen.findByRole('link', { name: '立即购买 VIP地方版' })).toHaveAttribute(
      'href',
      '/taocandetail?gid=1&state=2&isRenew=0',
    );
    expect(screen.queryByText('当前套餐')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /立即续费/ })).not.toBeInTheDocument();
    for (const service of ['政策源库', '标准化政策库', '资助公示查询（近2年）', '高企评分']) {
      expect(screen.getByRole('link', { name: `立即购买 ${service}` })).toHaveAttribute(
        'href',
        '/apiorder?gid=14',
      );
    }
    expect(screen.getByTestId('api-plan-price')).toHaveTextContent('¥9800/年 · 每份 50,000 次调用');
  });

  it('sends a legacy gold member without a plan id to choose a plan: no renew button, only higher plans', async () => {
    setMember({ level: 30 });
    mockHttp({}, { cusInfo: { gid: null, level: 30 }, setmeal: { gid: null, name: '黄金会员', level: 30 } });
    renderPage(<VipPage />, '/vip/index');
    expect(await screen.findByRole('link', { name: '立即升级 至尊版' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /立即续费/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '已享更高权益' })).toHaveLength(3);
  });

  it('tells a sub-account it cannot see the plans', async () => {
    setMember({ level: 22, roles: ['sub'] });
    mockHttp({}, { cusInfo: { is_sub: true } });
    renderPage(<VipPage />, '/vip/index');
    expect(await screen.findByText(MSG.subAccountNoPackages)).toBeInTheDocument();
    expect(screen.queryByText('VIP会员套餐')).not.toBeInTheDocument();
  });

  it('shows the sub-account result for the isSub query', async () => {
    setMember({ level: 22 });
    mockHttp({});
    renderPage(<VipPage />, '/vip/index?isSub=1');
    expect(await screen.findByText(MSG.subAccountNoPackages)).toBeInTheDocument();
  });
});
