import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { CustomerItem, Page } from '@uc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/http';
import { resetAuthStore, useAuthStore } from '../../lib/session/auth-store';
import { renderRoutes } from '../../test/render';
import { CustomerListPage } from './customer-list-page';

vi.mock('../../lib/http/http', () => ({ http: { get: vi.fn() } }));

function renderPage(path: string) {
  renderRoutes([{ path: '/customer/list', element: <CustomerListPage title="我的客户" /> }], [path], {
    client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
}

const ROW: CustomerItem = {
  id: 7,
  cus_name: '深圳市测试电子有限公司',
  industry_code: 'C',
  industry_name: '制造业',
  city_code: '440300',
  city_name: '深圳市',
  area_code: '440305',
  area_name: '南山区',
  is_hightech: true,
  reg_capital: 1000,
  reg_time: '2018-06-01',
  created_at: '2026-01-15T02:00:00.000Z',
};

function answer(data: Page<CustomerItem>) {
  vi.mocked(http.get).mockResolvedValue({ data: { code: 200, message: '', data } });
}

beforeEach(() => useAuthStore.setState({ token: 't', id: 9, name: 'demouser', level: 22 }));
afterEach(() => {
  vi.clearAllMocks();
  resetAuthStore();
});

// The page draws a whole antd form (cascader, date range, selects): slow on a shared machine.
const SLOW = 30_000;

describe('CustomerListPage', () => {
  it(
    'asks the server with the filters of the URL and shows its total',
    async () => {
      answer({ list: [ROW], total: 1234, page: 2, size: 10 });
      renderPage('/customer/list?type=gs&is_hightech=1&industry_codes=C,I&sort=reg_capital&order=asc&page=2');
      expect(await screen.findByText('深圳市测试电子有限公司')).toBeInTheDocument();
      expect(screen.getByTestId('customer-total')).toHaveTextContent('共 1,234 家客户');
      expect(http.get).toHaveBeenCalledWith('/api/ccw/member/management/getCustomers/', {
        params: {
          type: 'gs',
          is_hightech: 1,
          industry_codes: 'C,I',
          sort: 'reg_capital',
          order: 'asc',
          page: 2,
          size: 10,
        },
      });
      expect(screen.getByText('南山区', { exact: false })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows 暂无数据 and disables 导出 when nothing matches',
    async () => {
      answer({ list: [], total: 0, page: 1, size: 10 });
      renderPage('/customer/list?name=none');
      expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: /导\s*出/ })).toBeDisabled());
    },
    SLOW,
  );
});
