// The guard's no-permission pages through the real routes: SessionGate reads the session, decides and the
// error page renders (docs/requirements.md §2, §6).
import { render, screen } from '@testing-library/react';
import type { MenuRoute } from '@uc/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAuthStore, useAuthStore } from '../../lib/session/auth-store';
import { routes } from '../router';

const newsMenu: MenuRoute = {
  id: 1,
  path: '/news',
  name: 'News',
  component: 'news/index',
  hidden: false,
  alwaysShow: false,
  meta: { title: '最新发布', icon: 'notification' },
};

function openAs(session: { level: number; roles: string[] }, path: string) {
  useAuthStore.setState({
    token: 'test-token',
    id: 8,
    name: 'demosub01',
    level: session.level,
    roles: session.roles,
    menus: [newsMenu],
    boot: 'ready',
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => resetAuthStore());

describe('no-permission pages', () => {
  it.each(['/vip/index', '/taocandetail?gid=13&state=2', '/apiorder'])(
    'a sub-account opening %s sees that it is a sub-account, not the upgrade page',
    async (path) => {
      const router = openAs({ level: 22, roles: ['member', 'vip', 'sub'] }, path);
      expect(await screen.findByText('您的账号为子账号，无法查看套餐信息，请联系主账号')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/sub-account-no-permission');
      expect(screen.queryByText('您没有权限访问该功能，请升级会员等级')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: '升级会员' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/dashboard');
    },
  );

  it('a member below level 20 opening a VIP function sees the VIP page', async () => {
    const router = openAs({ level: 10, roles: ['member'] }, '/hts/identification/score');
    expect(await screen.findByText('您暂无权限使用该VIP功能，请联系客服升级会员')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vip-no-permission');
    expect(screen.getByRole('link', { name: '升级会员' })).toHaveAttribute('href', '/vip/index');
  });

  it('a VIP member missing a known page sees the 401 page', async () => {
    const router = openAs({ level: 22, roles: ['member', 'vip'] }, '/customer/list');
    expect(await screen.findByText('您没有权限访问该功能，请升级会员等级')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/401');
  });
});
