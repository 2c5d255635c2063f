import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsItem, PagedSuccess } from '@uc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/http';
import { resetAuthStore, useAuthStore } from '../../lib/session/auth-store';
import { renderRoutes } from '../../test/render';
import { NewsPage } from './news-page';

vi.mock('../../lib/http/http', () => ({ http: { get: vi.fn() } }));

function page(list: NewsItem[], total: number, p = 1): PagedSuccess<NewsItem> {
  return { success: list.length > 0, list, total, page: p, size: 10 };
}

function renderPage(path = '/news') {
  const { router } = renderRoutes([{ path: '/news', element: <NewsPage title="最新发布" /> }], [path], {
    client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
  return router;
}

beforeEach(() => useAuthStore.setState({ token: 't', id: 7, name: 'demouser', level: 22 }));
afterEach(() => {
  vi.clearAllMocks();
  resetAuthStore();
});

describe('NewsPage', () => {
  it('shows 暂无数据 when there is nothing', async () => {
    vi.mocked(http.get).mockResolvedValue({ data: { code: 200, message: '', data: page([], 0) } });
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
    vi.mocked(http.get).mockResolvedValue({ data: { code: 200, message: '', data: page(items, 25) } });
    const user = userEvent.setup();
    const router = renderPage('/news?page=1&size=10');
    const link = await screen.findByRole('link', { name: items[0]!.title });
    expect(link).toHaveAttribute('href', '/news/detail?guid=g1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledWith('/account/userhometj/getnewslistmore/', {
      params: { page: 1, size: 10 },
    });

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&size=10'));
    await waitFor(() =>
      expect(http.get).toHaveBeenLastCalledWith('/account/userhometj/getnewslistmore/', {
        params: { page: 2, size: 10 },
      }),
    );
  });

  it('replaces a page past the last one with the last page', async () => {
    const items = [{ id: 1, guid: 'g1', title: '最后一页的资讯', publish_time: '2026-02-10T08:00:00.000Z' }];
    vi.mocked(http.get).mockImplementation(async (_url, config) => {
      const asked = Number((config?.params as { page?: number } | undefined)?.page ?? 1);
      // As the server answers: the total always, rows only up to page 8.
      return { data: { code: 200, message: '', data: page(asked <= 8 ? items : [], 80, asked) } };
    });
    const router = renderPage('/news?page=999&size=10');
    await waitFor(() => expect(router.state.location.search).toBe('?page=8&size=10'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('link', { name: '最后一页的资讯' })).toBeInTheDocument();
    expect(screen.getByTitle('8')).toHaveClass('ant-pagination-item-active');
  });
});
