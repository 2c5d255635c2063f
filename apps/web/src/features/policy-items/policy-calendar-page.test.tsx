import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POLICY_ITEM_API, type PolicyCalendar } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '../../lib/ui/use-media-query';
import { mockApi, requests } from '../../test/api';
import { stubMatchMedia } from '../../test/media';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { PolicyCalendarPage, shiftMonth } from './policy-calendar-page';

/** A 申报通知 of the city's 工业和信息化局, published on the 1st of `month` and due on its `day`. */
const item = (month: string, id: number, city: string, title: string, day: number) => ({
  id,
  title,
  type: 'sbtz',
  dept_name: `${city}工业和信息化局`,
  area_name: city,
  publish_time: `${month}-01T02:00:00.000Z`,
  end_time: `${month}-${day}T09:00:00.000Z`,
});

const calendar = (month: string): PolicyCalendar => ({
  month,
  today: `${month}-05`,
  truncated: false,
  items: [
    { ...item(month, 3, '深圳市', '深圳市专精特新申报通知', 12), subscribed: true, favourite: false },
    { ...item(month, 5, '广州市', '广州市软件企业奖励申报通知', 20), subscribed: false, favourite: true },
  ],
});

function renderPage(at = '/policy/calendar') {
  return renderApp(<PolicyCalendarPage title="申报日历" />, { path: '/policy/calendar', at }).router;
}

beforeEach(() => signIn());

describe('PolicyCalendarPage', () => {
  it('shifts months across a year', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('lists the month’s items by deadline on a phone, each title opening its detail', async () => {
    stubMatchMedia((query) => query === PHONE_QUERY);
    mockApi({
      get: {
        [POLICY_ITEM_API.calendar]: (query) =>
          calendar(typeof query.month === 'string' ? query.month : '2026-11'),
      },
    });
    const user = userEvent.setup();
    const router = renderPage();
    const list = await screen.findByRole('list', { name: '申报截止列表' });
    const link = within(list).getByRole('link', { name: '深圳市专精特新申报通知' });
    expect(link).toHaveAttribute('href', '/policy/detail?id=3');
    expect(within(list).getByText('2026-11-12 截止')).toBeInTheDocument();
    expect(within(list).getByText('收藏')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下个月' }));
    await waitFor(() => expect(router.state.location.search).toBe('?month=2026-12'));
    await waitFor(() =>
      expect(requests('get', POLICY_ITEM_API.calendar).map((r) => r.query)).toContainEqual({
        month: '2026-12',
      }),
    );
  });

  it('draws a month calendar on a wide screen', async () => {
    stubMatchMedia(() => false);
    mockApi({ get: { [POLICY_ITEM_API.calendar]: () => calendar('2026-11') } });
    renderPage('/policy/calendar?month=2026-11');
    expect(await screen.findByText('2026年11月')).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: '申报截止日历' });
    // 2026-11-01 is a Sunday: the grid starts on Monday 10-26, so six blank cells come first.
    expect(within(grid).getAllByRole('row')).toHaveLength(7);
    const twelfth = within(grid)
      .getAllByRole('cell')
      .find((cell) => cell.textContent?.startsWith('12'));
    expect(twelfth && within(twelfth).getByRole('link', { name: '深圳市专精特新申报通知' })).toBeTruthy();
    // Today is the answer's, marked once.
    expect(grid.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
    expect(within(grid).getByText('今天')).toBeInTheDocument();
  });
});
