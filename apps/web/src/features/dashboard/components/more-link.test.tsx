import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOME_API, MSG } from '@uc/shared';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { computeAccess } from '../../../lib/access';
import { mockApi, requests } from '../../../test/api';
import { renderOnDashboard } from '../testing';
import { LatestNewsCard } from './latest-news-card';
import { ProjectsTabsCard } from './projects-tabs-card';
import { SubscriptionsCard } from './subscriptions-card';

const visitor = computeAccess({ token: '', name: '', level: 0 });

const cards: [string, ReactNode, string][] = [
  ['最新发布', <LatestNewsCard key="news" userId={0} loggedIn={false} />, '/news'],
  ['我的订阅', <SubscriptionsCard key="sub" userId={0} access={visitor} />, '/sub/list?activeName=dyxm'],
  ['推荐项目', <ProjectsTabsCard key="tabs" userId={0} loggedIn={false} />, '/sub/list?activeName=tjxm'],
];

const moreLink = () => screen.getByRole('link', { name: /更多/ });

describe('the 更多 links of the dashboard cards', () => {
  it.each(cards)(
    '%s: a visitor is asked to log in first, then goes to login with the redirect',
    async (_, card, to) => {
      const user = userEvent.setup();
      renderOnDashboard(card);
      expect(moreLink()).toHaveAttribute('href', to);
      await user.click(moreLink());
      expect(await screen.findByText(MSG.requiresLogin)).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
      await user.click(screen.getByRole('button', { name: '前往登录' }));
      const redirect = encodeURIComponent(to).replace(/%2F/gi, '/');
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(`/checklogin/index?redirect=${redirect}`),
      );
      expect(requests()).toHaveLength(0);
    },
  );

  it('a visitor who declines stays on the dashboard', async () => {
    const user = userEvent.setup();
    renderOnDashboard(<LatestNewsCard userId={0} loggedIn={false} />);
    await user.click(moreLink());
    await user.click(await screen.findByRole('button', { name: '取消' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('the tabs card follows the active tab', async () => {
    const user = userEvent.setup();
    renderOnDashboard(<ProjectsTabsCard userId={0} loggedIn={false} />);
    await user.click(screen.getByRole('tab', { name: '我的公示' }));
    await user.click(moreLink());
    await user.click(await screen.findByRole('button', { name: '前往登录' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/checklogin/index?redirect=/publicity'),
    );
  });

  it('a member follows the link at once', async () => {
    const user = userEvent.setup();
    mockApi({ get: { [HOME_API.subscribeNews]: () => [] } });
    renderOnDashboard(<LatestNewsCard userId={7} loggedIn />);
    await user.click(moreLink());
    expect(screen.queryByText(MSG.requiresLogin)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/news$/);
  });
});
