import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_API, fillPath, IDENTITY_CODE, MSG, MSG_WITH } from '@uc/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../lib/hash-password';
import { mockApi, type Routes, refuse, requests } from '../../test/api';
import { dialogTitled } from '../../test/dialogs';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { AccountSubPage } from './account-sub-page';
import { accountRoutes, subFixture } from './testing';

// The password rules load on first use (they stay out of the login page's first paint): have them ready.
beforeAll(async () => {
  await import('../../components/form-fields/login-rules');
});

afterEach(() => vi.clearAllMocks());

const answer = (routes: Routes) => mockApi(accountRoutes(), routes);

const MAIN = {
  id: 7,
  username: 'demouser',
  name: '张经理',
  company_name: '深圳市前海智汇科技有限公司',
  is_sub: false,
  enabled: true,
  children: [],
};

function team(count = { count: 1, limit: 10 }, list = [subFixture()]) {
  return {
    [ACCOUNT_API.architecture]: () => MAIN,
    [ACCOUNT_API.userCount]: () => count,
    [ACCOUNT_API.userList]: (params: Record<string, unknown>) => ({
      list: params.name ? list.filter((s) => s.username.includes(String(params.name))) : list,
      total: list.length,
      page: 1,
      size: 10,
    }),
  };
}

describe('AccountSubPage', () => {
  it('shows the main account, the count against the limit and the sub-accounts with a masked mobile', async () => {
    signIn();
    answer({ get: team() });
    const user = userEvent.setup();
    renderApp(<AccountSubPage title="子账号管理" />, { at: '/account/sub' });
    expect(await screen.findByTestId('team-main-account')).toHaveTextContent('demouser（张经理）');
    expect(await screen.findByTestId('team-count')).toHaveTextContent('1 / 10');
    const table = await screen.findByRole('table', { name: '子账号列表' });
    const row = within(table).getByRole('row', { name: /demosub01/ });
    expect(within(row).getByText('李会计')).toBeInTheDocument();
    expect(within(row).getByText('139****1111')).toBeInTheDocument();
    expect(within(row).getByText('正常')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-22 16:00')).toBeInTheDocument();

    await user.type(screen.getByLabelText('搜索子账号'), 'nobody{Enter}');
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });

  it('disables 新增子账号 with the reason when the limit is reached or the plan allows none', async () => {
    signIn();
    answer({ get: team({ count: 3, limit: 3 }) });
    const { unmount } = renderApp(<AccountSubPage />, { at: '/account/sub' });
    expect(await screen.findByTestId('team-add-blocked')).toHaveTextContent(MSG_WITH.subAccountLimit(3));
    expect(screen.getByRole('button', { name: /新增子账号/ })).toBeDisabled();
    unmount();
    answer({ get: team({ count: 0, limit: 0 }, []) });
    renderApp(<AccountSubPage />, { at: '/account/sub' });
    expect(await screen.findByTestId('team-add-blocked')).toHaveTextContent(MSG.subAccountNotAllowed);
  });

  it('adds a sub-account with the registration rules and hashed passwords', async () => {
    signIn();
    const add = vi.fn((body: Record<string, unknown>) =>
      body.username === 'demosub01'
        ? refuse(IDENTITY_CODE.usernameTaken, MSG.usernameTaken)
        : subFixture({ id: 22, username: String(body.username) }),
    );
    answer({ get: team(), post: { [ACCOUNT_API.users]: add } });
    const user = userEvent.setup();
    renderApp(<AccountSubPage />, { at: '/account/sub' });
    const addButton = await screen.findByRole('button', { name: /新增子账号/ });
    await waitFor(() => expect(addButton).toBeEnabled());
    await user.click(addButton);
    const dialog = await dialogTitled('新增子账号');
    await user.click(within(dialog).getByRole('button', { name: /确定/ }));
    expect(await within(dialog).findByText(MSG.usernameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.confirmRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.contactNameRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('用户名'), '1abcdefg');
    await user.type(within(dialog).getByLabelText('密码'), 'short1');
    await user.type(within(dialog).getByLabelText(/^手机号/), '12345');
    await user.click(within(dialog).getByRole('button', { name: /确定/ }));
    expect(await within(dialog).findByText(MSG.usernameInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.passwordTooShort)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.mobileInvalid)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('用户名'));
    await user.type(within(dialog).getByLabelText('用户名'), 'demosub01');
    await user.clear(within(dialog).getByLabelText('密码'));
    await user.type(within(dialog).getByLabelText('密码'), 'Sub2024ab');
    await user.type(within(dialog).getByLabelText('确认密码'), 'Sub2024ab');
    await user.type(within(dialog).getByLabelText('联系人姓名'), '王小明');
    await user.clear(within(dialog).getByLabelText(/^手机号/));
    await user.click(within(dialog).getByRole('button', { name: /确定/ }));
    expect(await within(dialog).findByText(MSG.usernameTaken)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('用户名'));
    await user.type(within(dialog).getByLabelText('用户名'), 'newsub01');
    await user.click(within(dialog).getByRole('button', { name: /确定/ }));
    expect(await screen.findByText(MSG.subAccountAdded)).toBeInTheDocument();
    const hash = await sha256Hex('Sub2024ab');
    expect(add).toHaveBeenLastCalledWith({
      username: 'newsub01',
      password: hash,
      surepassword: hash,
      name: '王小明',
      mobile: null,
    });
  });

  it('labels only the mobile optional: adding requires the password pair, editing has none', async () => {
    signIn();
    answer({ get: team() });
    const user = userEvent.setup();
    renderApp(<AccountSubPage />, { at: '/account/sub' });
    const addButton = await screen.findByRole('button', { name: /新增子账号/ });
    await waitFor(() => expect(addButton).toBeEnabled());
    await user.click(addButton);
    const add = await dialogTitled('新增子账号');
    const labels = (dialog: HTMLElement) =>
      Array.from(dialog.querySelectorAll('.ant-form-item-label > label'), (label) => label.textContent);
    expect(labels(add)).toEqual(['用户名', '密码', '确认密码', '联系人姓名', '手机号（可选）']);
    expect(within(add).getByLabelText('密码')).toHaveAttribute('aria-required', 'true');
    expect(within(add).getByLabelText('确认密码')).toHaveAttribute('aria-required', 'true');
    await user.click(within(add).getByRole('button', { name: '取消' }));

    await user.click(await screen.findByRole('button', { name: '编辑 demosub01' }));
    const edit = await dialogTitled('编辑子账号');
    expect(labels(edit)).toEqual(['联系人姓名', '手机号（可选）']);
    expect(within(edit).getByTestId('sub-account-username')).toHaveTextContent('用户名：demosub01');
    expect(within(edit).queryByLabelText('密码')).not.toBeInTheDocument();
  });

  it('disables and deletes a sub-account after a confirmation each, and edits it', async () => {
    signIn();
    const put = vi.fn((body: Record<string, unknown>) => subFixture({ ...body }));
    const remove = vi.fn(() => null);
    const path = fillPath(ACCOUNT_API.user, 21);
    answer({ get: team(), put: { [path]: put }, delete: { [path]: remove } });
    const user = userEvent.setup();
    renderApp(<AccountSubPage />, { at: '/account/sub' });

    await user.click(await screen.findByRole('button', { name: '禁用 demosub01' }));
    const disable = await dialogTitled('禁用子账号');
    expect(put).not.toHaveBeenCalled();
    await user.click(within(disable).getByRole('button', { name: '禁用' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith({ enabled: false }));

    await user.click(screen.getByRole('button', { name: '编辑 demosub01' }));
    const edit = await dialogTitled('编辑子账号');
    expect(within(edit).getByLabelText('联系人姓名')).toHaveValue('李会计');
    await user.clear(within(edit).getByLabelText(/^手机号/));
    await user.click(within(edit).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(put).toHaveBeenLastCalledWith({ name: '李会计', mobile: '' }));

    await user.click(screen.getByRole('button', { name: '删除 demosub01' }));
    const confirm = await dialogTitled('删除子账号');
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(remove).toHaveBeenCalled());
    expect(await screen.findByText(MSG.subAccountDeleted)).toBeInTheDocument();
  });

  it('resets a password: the new one is shown once, with a copy button', async () => {
    signIn();
    const reset = vi.fn(() => ({ password: 'Xk7pQ2mN9a' }));
    answer({ get: team(), post: { [fillPath(ACCOUNT_API.resetPassword, 21)]: reset } });
    const user = userEvent.setup();
    renderApp(<AccountSubPage />, { at: '/account/sub' });
    await user.click(await screen.findByRole('button', { name: '重置密码 demosub01' }));
    const dialog = await dialogTitled('重置密码');
    await user.click(within(dialog).getByRole('button', { name: '生成新密码' }));
    expect(await within(dialog).findByTestId('reset-password-value')).toHaveTextContent('Xk7pQ2mN9a');
    expect(within(dialog).getByRole('button', { name: '复制密码' })).toBeInTheDocument();
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('tells a sub-account it cannot manage sub-accounts, without asking the server', async () => {
    signIn({ roles: ['sub'] });
    answer({ get: team() });
    renderApp(<AccountSubPage />, { at: '/account/sub' });
    expect(await screen.findByText(MSG.subAccountOnlyMain)).toBeInTheDocument();
    expect(requests().map((c) => c.path)).not.toContain(ACCOUNT_API.userList);
  });
});
