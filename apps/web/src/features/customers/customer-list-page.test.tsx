import { screen, waitFor } from '@testing-library/react';
import { type CustomerItem, HOME_API, type Page } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { CustomerListPage } from './customer-list-page';

function renderPage(path: string) {
  renderApp(<CustomerListPage title="我的客户" />, { path: '/customer/list', at: path });
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
  mockApi({ get: { [HOME_API.customers]: () => data } });
}

beforeEach(() => signIn({ id: 9 }));

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
      expect(requests('get', '/api/ccw/member/management/getCustomers/').map((c) => c.query)).toContainEqual({
        type: 'gs',
        is_hightech: '1',
        industry_codes: 'C,I',
        sort: 'reg_capital',
        order: 'asc',
        page: '2',
        size: '10',
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
