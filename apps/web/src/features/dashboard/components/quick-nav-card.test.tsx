import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS, MSG } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { computeAccess } from '../../../lib/access';
import { QUICK_NAV, quickNavAction } from '../model/quick-nav';
import { renderOnDashboard } from '../testing';
import { QuickNavCard } from './quick-nav-card';

const visitor = computeAccess({ token: '', name: '', level: 0 });
const trial = computeAccess({ token: 't', name: 'trialuser', level: 10 });
const vip = computeAccess({ token: 't', name: 'demouser', level: 22 });
const sub = computeAccess({ token: 't', name: 'demosub01', level: 22, isSub: true });

function links() {
  return within(screen.getByRole('navigation', { name: '快捷导航' })).getAllByRole('link');
}

describe('quick navigation', () => {
  it('holds exactly 14 entries, each leading to its route', () => {
    renderOnDashboard(<QuickNavCard access={vip} />);
    expect(links()).toHaveLength(LIMITS.quickNavCount);
    const hrefs = links().map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/news',
      '/publicity',
      '/customer/list',
      '/customer/list?is_hightech=1',
      '/sub/list',
      '/sub/settings',
      '/smart/match/policy/exact',
      '/smart/match/policy/fast',
      '/hts/identification/score',
      '/specialization_new/evaluation/accreditation',
      '/vip/index',
      '/apiorder',
      '/account/info',
      '/account/safe',
    ]);
  });

  it('marks the VIP entries below level 20 only', () => {
    const { unmount } = renderOnDashboard(<QuickNavCard access={trial} />);
    const marked = links().filter((a) => within(a).queryByText('VIP'));
    expect(marked.map((a) => a.textContent?.replace('VIP', ''))).toEqual([
      '推送设置',
      '精准匹配',
      '高企评分',
      '专精特新评测',
    ]);
    unmount();
    renderOnDashboard(<QuickNavCard access={vip} />);
    expect(screen.queryByText('VIP')).toBeNull();
  });

  it('asks a visitor to log in, then goes to the login page with the redirect', async () => {
    const user = userEvent.setup();
    renderOnDashboard(<QuickNavCard access={visitor} />);
    await user.click(screen.getByRole('link', { name: /我的客户/ }));
    expect(await screen.findByText(MSG.requiresLogin)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
    await user.click(screen.getByRole('button', { name: '前往登录' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/checklogin/index?redirect=/customer/list'),
    );
  });

  it('stays put when the visitor declines', async () => {
    const user = userEvent.setup();
    renderOnDashboard(<QuickNavCard access={visitor} />);
    await user.click(screen.getByRole('link', { name: /最新发布/ }));
    await user.click(await screen.findByRole('button', { name: '取消' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('navigates a member directly', async () => {
    const user = userEvent.setup();
    renderOnDashboard(<QuickNavCard access={vip} />);
    await user.click(screen.getByRole('link', { name: /高新企业/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/customer/list?is_hightech=1');
  });

  it('tells a sub-account it cannot open the package page', async () => {
    const user = userEvent.setup();
    renderOnDashboard(<QuickNavCard access={sub} />);
    await user.click(screen.getByRole('link', { name: /会员套餐/ }));
    expect(await screen.findByText('您的账号为子账号，无法查看套餐信息，请联系主账号')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('asks a trial user to upgrade before push settings', () => {
    const push = QUICK_NAV.find((e) => e.key === 'push')!;
    expect(quickNavAction(push, trial)).toEqual({ type: 'upgrade', to: '/vip/index' });
    expect(quickNavAction(push, vip)).toEqual({ type: 'navigate', to: '/sub/settings' });
  });
});
