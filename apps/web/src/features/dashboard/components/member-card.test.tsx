import { screen, within } from '@testing-library/react';
import { type CusInfo, shanghaiDate } from '@uc/shared';
import { describe, expect, it, vi } from 'vitest';
import { cusInfoQueryOptions } from '../../../lib/session/api/get-cus-info';
import { dayjs } from '../../../lib/ui/dayjs';
import { cusInfoFixture, signIn, signOut } from '../../../test/session';
import { dashboardQueryClient, renderOnDashboard } from '../testing';
import { MemberCard } from './member-card';

function renderCard(info: CusInfo) {
  signIn({ level: info.level });
  const client = dashboardQueryClient();
  client.setQueryData(cusInfoQueryOptions(7).queryKey, info);
  return renderOnDashboard(<MemberCard />, client);
}

const professional = cusInfoFixture({ expired_time: dayjs().add(20, 'day').toISOString() });

describe('MemberCard', () => {
  it('shows the company, the badge and a red expiry warning under 30 days', () => {
    renderCard(professional);
    expect(screen.getByRole('heading', { name: professional.company_name })).toBeInTheDocument();
    expect(screen.getByText('VIP专业版')).toBeInTheDocument();
    const expiry = screen.getByTestId('expiry-warning');
    expect(expiry).toHaveTextContent(
      `会员有效期至 ${shanghaiDate(professional.expired_time ?? '')}（剩余 20 天）`,
    );
    expect(expiry).toHaveClass('ant-typography-danger');
    expect(screen.getByRole('alert')).toHaveTextContent('您的会员将在 20 天后到期');
  });

  it('shows the expiry in Shanghai time in a browser outside UTC+8', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    vi.useFakeTimers({ now: Date.parse('2026-12-12T15:00:00Z'), toFake: ['Date'] });
    try {
      // Midnight of 13 December in Shanghai: the evening of the 12th in New York, one Shanghai day from now.
      renderCard({ ...professional, expired_time: '2026-12-12T16:00:00.000Z' });
      expect(screen.getByTestId('expiry-warning')).toHaveTextContent('会员有效期至 2026-12-13（剩余 1 天）');
    } finally {
      vi.useRealTimers();
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('is not red with 30 days or more left', () => {
    renderCard({ ...professional, expired_time: dayjs().add(90, 'day').toISOString() });
    expect(screen.getByTestId('expiry-warning')).not.toHaveClass('ant-typography-danger');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renews a professional plan on its detail page', () => {
    renderCard(professional);
    expect(screen.getByRole('link', { name: /立即续费/ })).toHaveAttribute(
      'href',
      '/taocandetail?gid=13&state=1&isRenew=1',
    );
  });

  it('renews platinum and black gold on the plan list', () => {
    renderCard({ ...professional, level: 40, gid: 6 });
    expect(screen.getByRole('link', { name: /立即续费/ })).toHaveAttribute('href', '/vip/index');
  });

  it('shows a sub-account no package details', () => {
    renderCard({ ...professional, is_sub: true });
    expect(screen.getByText('子账号')).toBeInTheDocument();
    expect(screen.queryByTestId('expiry-warning')).toBeNull();
    expect(screen.queryByRole('link', { name: /立即续费/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /升级会员/ })).toBeNull();
  });

  it('offers a trial user the upgrade, without expiry warning or renewal', () => {
    renderCard({ ...professional, level: 10, gid: null, expired_time: dayjs().add(5, 'day').toISOString() });
    expect(screen.getByText('体验会员')).toBeInTheDocument();
    expect(screen.queryByTestId('expiry-warning')).toBeNull();
    expect(screen.queryByRole('link', { name: /立即续费/ })).toBeNull();
    expect(screen.getByRole('link', { name: /升级会员/ })).toHaveAttribute('href', '/vip/index');
  });

  it('shows a visitor 游客 and a login link', () => {
    signOut();
    renderOnDashboard(<MemberCard />);
    const card = screen.getByRole('heading', { name: '游客' }).closest('.ant-card') as HTMLElement;
    expect(within(card).getByRole('link', { name: '登录' })).toHaveAttribute(
      'href',
      '/checklogin/index?redirect=/dashboard',
    );
  });
});
