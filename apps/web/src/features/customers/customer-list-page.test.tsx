import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTOMER_BOOK_API, type CustomerItem, HOME_API, type Page } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, type Routes, requests } from '../../test/api';
import { renderApp, routerPath } from '../../test/render';
import { signIn } from '../../test/session';
import { CustomerListPage } from './customer-list-page';
import { bookRoutes, CUSTOMER_ROW } from './testing';

function renderPage(path: string) {
  renderApp(<CustomerListPage title="我的客户" />, { path: '/customer/list', at: path });
}

const ROW: CustomerItem = CUSTOMER_ROW;

function answer(data: Page<CustomerItem>, ...more: Routes[]) {
  mockApi(bookRoutes, { get: { [HOME_API.customers]: () => data } }, ...more);
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

  it(
    'shows the quota, the tags of each row and filters by a tag kept in the URL',
    async () => {
      answer({ list: [ROW], total: 1, page: 1, size: 10 });
      renderPage('/customer/list?tag=重点客户');
      await waitFor(() =>
        expect(screen.getByTestId('customer-quota')).toHaveTextContent('已有 360 / 上限 10,000 个客户'),
      );
      const row = (await screen.findByText('深圳市测试电子有限公司')).closest('tr') as HTMLElement;
      expect(within(row).getByText('重点客户')).toBeInTheDocument();
      expect(requests('get', HOME_API.customers).map((c) => c.query.tag)).toContain('重点客户');
      // The filter's options come from the tags call, with how many customers carry each.
      const user = userEvent.setup();
      await user.click(screen.getByRole('combobox', { name: '标签' }));
      expect(await screen.findByText('待跟进（3）')).toBeInTheDocument();
      await user.click(screen.getByText('待跟进（3）'));
      await user.click(screen.getByRole('button', { name: /查\s*询/ }));
      await waitFor(() => expect(routerPath()).toBe(`/customer/list?tag=${encodeURIComponent('待跟进')}`));
      expect(requests('get', HOME_API.customers).map((c) => c.query.tag)).toContain('待跟进');
    },
    SLOW,
  );

  it(
    'removes the selected rows after a confirmation naming how many',
    async () => {
      const other = { ...ROW, id: 8, cus_name: '深圳市另一家有限公司', tags: [] };
      answer(
        { list: [ROW, other], total: 2, page: 1, size: 10 },
        {
          post: { [CUSTOMER_BOOK_API.remove]: (body) => ({ removed: (body.ids as number[]).length }) },
        },
      );
      renderPage('/customer/list');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('checkbox', { name: '选择 深圳市测试电子有限公司' }));
      await user.click(screen.getByRole('checkbox', { name: '选择 深圳市另一家有限公司' }));
      await user.click(screen.getByRole('button', { name: /移除客户（2）/ }));
      // antd gives generated ids the same value under test: the confirmation is found by its title.
      let confirm: HTMLElement | undefined;
      await waitFor(() => {
        confirm = screen
          .getAllByRole('dialog')
          .find((d) => d.querySelector('.ant-modal-confirm-title')?.textContent === '移除选中的 2 个客户？');
        expect(confirm).toBeDefined();
      });
      if (!confirm) throw new Error('no confirmation');
      await user.click(within(confirm).getByRole('button', { name: /移\s*除/ }));
      expect(await screen.findByText('已移除2个客户')).toBeInTheDocument();
      expect(requests('post', CUSTOMER_BOOK_API.remove).map((c) => c.body)).toEqual([{ ids: [7, 8] }]);
      // The list and the quota are asked again.
      await waitFor(() => expect(requests('get', CUSTOMER_BOOK_API.quota).length).toBeGreaterThan(1));
      expect(screen.queryByRole('button', { name: /移除客户（/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'removes one row from its own 移除 after a Popconfirm',
    async () => {
      answer(
        { list: [ROW], total: 1, page: 1, size: 10 },
        {
          post: { [CUSTOMER_BOOK_API.remove]: () => ({ removed: 1 }) },
        },
      );
      renderPage('/customer/list');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: '移除 深圳市测试电子有限公司' }));
      expect(await screen.findByText('移除「深圳市测试电子有限公司」？')).toBeInTheDocument();
      const pop = screen.getByText('移除「深圳市测试电子有限公司」？').closest('.ant-popover') as HTMLElement;
      await user.click(within(pop).getByRole('button', { name: /移\s*除/ }));
      expect(await screen.findByText('已移除1个客户')).toBeInTheDocument();
      expect(requests('post', CUSTOMER_BOOK_API.remove).map((c) => c.body)).toEqual([{ ids: [7] }]);
    },
    SLOW,
  );

  it(
    'opens 添加客户 from ?add=1 (the dashboard first step) and leaves the URL',
    async () => {
      answer({ list: [], total: 0, page: 1, size: 10 });
      renderPage('/customer/list?add=1');
      expect(await screen.findByRole('dialog', { name: '添加客户' })).toBeInTheDocument();
      await waitFor(() => expect(routerPath()).toBe('/customer/list'));
    },
    SLOW,
  );

  it(
    'opens the customer of ?open= (a company named on a notice) over its name search, and leaves the URL',
    async () => {
      answer({ list: [ROW], total: 1, page: 1, size: 10 });
      renderPage(`/customer/list?name=${encodeURIComponent(ROW.cus_name)}&open=${ROW.id}`);
      await waitFor(() =>
        expect(routerPath()).toBe(`/customer/list?name=${encodeURIComponent(ROW.cus_name)}`),
      );
      await waitFor(() =>
        expect(requests('get', HOME_API.cusData).map((c) => c.query)).toContainEqual(
          expect.objectContaining({ id: String(ROW.id) }),
        ),
      );
      expect(requests('get', HOME_API.customers)[0]?.query).toMatchObject({ name: ROW.cus_name });
    },
    SLOW,
  );
});
