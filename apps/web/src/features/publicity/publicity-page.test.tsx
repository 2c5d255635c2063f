import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { OwnPublicityItem, PagedSuccess } from '@uc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/http';
import { resetAuthStore, useAuthStore } from '../../lib/session/auth-store';
import { renderRoutes } from '../../test/render';
import { PublicityPage } from './publicity-page';

vi.mock('../../lib/http/http', () => ({ http: { get: vi.fn() } }));

function renderPage(path: string) {
  renderRoutes([{ path: '/publicity', element: <PublicityPage title="我的公示" /> }], [path], {
    client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
}

function answer(data: PagedSuccess<OwnPublicityItem>) {
  vi.mocked(http.get).mockResolvedValue({ data: { code: 200, message: '', data } });
}

beforeEach(() => useAuthStore.setState({ token: 't', id: 9, name: 'trialuser', level: 10 }));
afterEach(() => {
  vi.clearAllMocks();
  resetAuthStore();
});

describe('PublicityPage', () => {
  it('shows 暂无数据 for a member with no publicity', async () => {
    answer({ success: false, list: [], total: 0, page: 1, size: 10 });
    renderPage('/publicity');
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
    expect(screen.queryByText(/共 \d+ 条/)).toBeNull();
  });

  it('reads the page from the URL and numbers the rows from it', async () => {
    answer({
      success: true,
      list: [
        {
          id: 31,
          title: '2026年深圳市高新技术企业培育库入库企业名单公示',
          title2: '深圳市前海智汇科技有限公司',
          dept_name: '深圳市科技创新委员会',
          publish_time: '2026-01-15T02:00:00.000Z',
        },
      ],
      total: 21,
      page: 3,
      size: 10,
    });
    renderPage('/publicity?page=3&size=10');
    expect(await screen.findByText('2026年深圳市高新技术企业培育库入库企业名单公示')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '21' })).toBeInTheDocument();
    expect(screen.getByText('2026-01-15')).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledWith('/account/userhometj/GetPublicityNewsByCompanyMore/', {
      params: { page: 3, size: 10 },
    });
  });
});
