import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AddCustomersAnswer, CUSTOMER_BOOK_API, HOME_API, MSG, MSG_WITH, ROLE } from '@uc/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../../test/api';
import { renderApp } from '../../../test/render';
import { cusInfoFixture, signIn } from '../../../test/session';
import { company } from '../testing';
import { AddCustomersDialog } from './add-customers-dialog';

const LIST = [company(1), company(2, { customer_id: 90 }), company(3)];

function answer(add: (ids: number[]) => AddCustomersAnswer, capped = false) {
  mockApi({
    get: {
      [CUSTOMER_BOOK_API.search]: () => ({ list: LIST, total: capped ? 200 : 3, capped, page: 1, size: 10 }),
      [HOME_API.cusInfo]: () => cusInfoFixture(),
    },
    post: { [CUSTOMER_BOOK_API.add]: (body) => add(body.company_ids as number[]) },
  });
}

function renderDialog() {
  return renderApp(<AddCustomersDialog userId={7} open onClose={() => {}} phone={false} />, {
    path: '/customer/list',
  });
}

async function search(text: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: '搜索企业' }), text);
  return user;
}

beforeEach(() => signIn());

describe('AddCustomersDialog', () => {
  it('asks for 2 characters, then searches (debounced) and marks companies already customers', async () => {
    answer(() => ({ added: [], already: [], over_limit: [], count: 0, limit: 20 }), true);
    renderDialog();
    const user = await search('科');
    expect(await screen.findByText(MSG.companySearchTooShort)).toBeInTheDocument();
    expect(requests('get', CUSTOMER_BOOK_API.search)).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: '搜索企业' }), '技');
    expect(await screen.findByText('深圳市样例1科技有限公司')).toBeInTheDocument();
    // One call for the settled text, none per keystroke.
    expect(requests('get', CUSTOMER_BOOK_API.search).map((c) => c.query)).toEqual([
      { q: '科技', page: '1', size: '10' },
    ]);
    expect(screen.getByText('结果较多，仅显示前200条，请输入更完整的名称')).toBeInTheDocument();
    const already = screen.getByText('深圳市样例2科技有限公司').closest('tr') as HTMLElement;
    expect(within(already).getByText('已是客户')).toBeInTheDocument();
    expect(within(already).getByRole('checkbox')).toBeDisabled();
  });

  it('adds the ticked companies and says how many were added and already customers', async () => {
    answer((ids) => ({
      added: [{ company_id: 1, customer_id: 501 }],
      already: ids.filter((id) => id === 3),
      over_limit: [],
      count: 361,
      limit: 10_000,
    }));
    renderDialog();
    const user = await search('科技');
    await user.click(await screen.findByRole('checkbox', { name: '选择 深圳市样例1科技有限公司' }));
    await user.click(screen.getByRole('checkbox', { name: '选择 深圳市样例3科技有限公司' }));
    await user.click(screen.getByRole('button', { name: '添加（2）' }));
    expect(await screen.findByText('已添加1家客户，1家已是您的客户')).toBeInTheDocument();
    expect(requests('post', CUSTOMER_BOOK_API.add).map((c) => c.body)).toEqual([{ company_ids: [1, 3] }]);
  });

  it('shows the limit with 升级会员 to the plan page when the limit stopped the adding', async () => {
    answer((ids) => ({ added: [], already: [], over_limit: ids, count: 20, limit: 20 }));
    renderDialog();
    const user = await search('科技');
    await user.click(await screen.findByRole('checkbox', { name: '选择 深圳市样例1科技有限公司' }));
    await user.click(screen.getByRole('button', { name: '添加（1）' }));
    const prompt = await screen.findByTestId('customer-limit');
    expect(prompt).toHaveTextContent(MSG_WITH.customerLimitReached(20));
    await waitFor(() =>
      expect(within(prompt).getByRole('link', { name: /升级会员/ })).toHaveAttribute('href', '/vip/index'),
    );
  });

  it('tells a sub-account the limit without an upgrade button', async () => {
    signIn({ roles: [ROLE.sub] });
    answer((ids) => ({ added: [], already: [], over_limit: ids, count: 20, limit: 20 }));
    renderDialog();
    const user = await search('科技');
    await user.click(await screen.findByRole('checkbox', { name: '选择 深圳市样例1科技有限公司' }));
    await user.click(screen.getByRole('button', { name: '添加（1）' }));
    const prompt = await screen.findByTestId('customer-limit');
    expect(prompt).toHaveTextContent(MSG_WITH.customerLimitReached(20));
    expect(within(prompt).queryByRole('link')).toBeNull();
  });
});
