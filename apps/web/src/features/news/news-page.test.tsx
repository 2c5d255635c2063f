import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOME_API, type NewsItem, type PagedSuccess } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, type RouteHandler, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { NewsPage } from './news-page';

function page(list: NewsItem[], total: number, p = 1): PagedSuccess<NewsItem> {
  return { success: list.length > 0, list, total, page: p, size: 10 };
}

function renderPage(path = '/news') {
  return renderApp(<NewsPage title="最新发布" />, { path: '/news', at: path }).router;
}

const answer = (list: RouteHandler) => mockApi({ get: { [HOME_API.newsListMore]: list } });
const asked = () => requests('get', HOME_API.newsListMore).map((c) => c.query);

beforeEach(() => signIn());

describe('NewsPage', () => {
  it('shows 暂无数据 when there is nothing', async () => {
    answer(() => page([], 0));
    renderPage();
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });

  it('lists titles linking to the public detail page in a new tab, and pages through the URL', async () => {
    const items = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      guid: `g${i + 1}`,
      title: `关于组织申报2026年度专项资金的通知（${i + 1}）`,
      publish_time: '2026-02-10T08:00:00.000Z',
    }));
    answer(() => page(items, 25));
    const user = userEvent.setup();
    const router = renderPage('/news?page=1&size=10');
    const link = await screen.findByRole('link', { name: items[0]!.title });
    expect(link).toHaveAttribute('href', '/news/detail?guid=g1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    expect(asked()).toContainEqual({ page: '1', size: '10' });

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&size=10'));
    await waitFor(() => expect(asked().at(-1)).toEqual({ page: '2', size: '10' }));
  });

  it('replaces a page past the last one with the last page', async () => {
    const items = [{ id: 1, guid: 'g1', title: '最后一页的资讯', publish_time: '2026-02-10T08:00:00.000Z' }];
    answer((query) => {
      const at = Number(query.page ?? 1);
      // As the server answers: the total always, rows only up to page 8.
      return page(at <= 8 ? items : [], 80, at);
    });
    const router = renderPage('/news?page=999&size=10');
    await waitFor(() => expect(router.state.location.search).toBe('?page=8&size=10'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('link', { name: '最后一页的资讯' })).toBeInTheDocument();
    expect(screen.getByTitle('8')).toHaveClass('ant-pagination-item-active');
  });
});
