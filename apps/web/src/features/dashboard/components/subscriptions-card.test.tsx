import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOME_API } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { computeAccess } from '../../../lib/access';
import { mockApi, requests } from '../../../test/api';
import { renderOnDashboard } from '../testing';
import { SubscriptionsCard } from './subscriptions-card';

const subscriptions = [
  { id: 1, title: '深圳市高新技术企业认定奖励' },
  { id: 2, title: '南山区研发投入支持计划' },
];

function renderCard(level: number, token = 't') {
  mockApi({ get: { [HOME_API.subscribeMine]: () => subscriptions } });
  return renderOnDashboard(
    <SubscriptionsCard userId={7} access={computeAccess({ token, name: 'u', level })} />,
  );
}

describe('SubscriptionsCard', () => {
  it('lists the subscriptions from getMySubscribe', async () => {
    renderCard(22);
    expect(await screen.findByRole('link', { name: '深圳市高新技术企业认定奖励' })).toBeInTheDocument();
    expect(requests('get').map((c) => [c.path, c.query])).toEqual([
      ['/api/ccw/subscribe/getMySubscribe/', { size: '9' }],
    ]);
  });

  it('asks a trial user to upgrade, then goes to the plan list', async () => {
    const user = userEvent.setup();
    renderCard(10);
    await user.click(screen.getByRole('button', { name: /订阅/ }));
    expect(await screen.findByText('您暂无推送设置权限，是否升级会员？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '升级会员' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/vip\/index$/));
  });

  it('takes a VIP member to the push settings', async () => {
    const user = userEvent.setup();
    renderCard(22);
    await user.click(screen.getByRole('button', { name: /订阅/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/sub\/settings$/);
  });

  it('shows a visitor a login prompt and calls nothing', () => {
    renderCard(0, '');
    expect(screen.getByText('登录后查看我的订阅')).toBeInTheDocument();
    expect(requests()).toHaveLength(0);
  });
});
