import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_API, AVATAR_MAX_BYTES, MSG } from '@uc/shared';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/session/auth-store';
import { mockApi, type Routes, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { AccountInfoPage } from './account-info-page';
import { avatarFileProblem } from './components/avatar-upload';
import { accountRoutes, profileFixture } from './testing';

const answer = (routes: Routes) => mockApi(accountRoutes(), routes);
const renderPage = (page: React.ReactNode) => renderApp(page, { at: '/account/info' });

describe('AccountInfoPage', () => {
  it('shows the account, the read-only company with its note, and the bound email and mobile', async () => {
    signIn();
    answer({ get: { [ACCOUNT_API.profile]: () => profileFixture() } });
    renderPage(<AccountInfoPage title="账户信息" />);
    expect(await screen.findByText('张经理')).toBeInTheDocument();
    expect(screen.getByText('深圳市前海智汇科技有限公司')).toBeInTheDocument();
    expect(screen.getByText('如需修改公司名称等认证信息，请联系客服。')).toBeInTheDocument();
    expect(screen.getByText('demo@example.com')).toBeInTheDocument();
    expect(screen.getByText('138****8000')).toBeInTheDocument();
    expect(screen.getByText('主账号')).toBeInTheDocument();
    // The company name has no edit control; email and mobile change in 账户安全 (re-authentication).
    expect(screen.queryByRole('button', { name: '修改公司名称' })).toBeNull();
    expect(screen.getByRole('link', { name: '修改邮箱' })).toHaveAttribute('href', '/account/safe');
    expect(screen.getByRole('link', { name: '修改手机' })).toHaveAttribute('href', '/account/safe');
  });

  it('shows an address waiting for its confirmation link', async () => {
    signIn();
    answer({
      get: { [ACCOUNT_API.profile]: () => profileFixture({ email: '', email_pending: 'n***w@example.com' }) },
    });
    renderPage(<AccountInfoPage />);
    expect(await screen.findByText('待确认：n***w@example.com')).toBeInTheDocument();
  });

  it('edits the contact name with the required rules (docs/requirements.md §5) and shows the saved one', async () => {
    signIn();
    let profile = profileFixture();
    const update = vi.fn((body: Record<string, unknown>) => {
      profile = { ...profile, name: String(body.name) };
      return profile;
    });
    answer({
      get: { [ACCOUNT_API.profile]: () => profile },
      post: { [ACCOUNT_API.updateUser]: update },
    });
    const user = userEvent.setup();
    renderPage(<AccountInfoPage />);
    await user.click(await screen.findByRole('button', { name: '修改联系人' }));
    const input = await screen.findByLabelText('联系人姓名');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(MSG.contactNameRequired)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    await user.type(input, ' 王小明 ');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ name: '王小明' }));
    expect(await screen.findByText(MSG.saved)).toBeInTheDocument();
    expect(await screen.findByText('王小明')).toBeInTheDocument();
  });

  it('uploads a PNG avatar and the header follows; refuses other files before any upload', async () => {
    signIn();
    answer({
      get: { [ACCOUNT_API.profile]: () => profileFixture() },
      post: { [ACCOUNT_API.avatar]: () => ({ avatar: 'http://127.0.0.1:8080/uploads/avatars/a.png' }) },
    });
    const createObjectURL = vi.fn(() => 'blob:preview');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderPage(<AccountInfoPage />);
    await screen.findByText('张经理');
    // rc-upload renders a fresh input after each pick.
    const fileInput = () => {
      const input = container.querySelector<HTMLInputElement>('input[type="file"]');
      if (!input) throw new Error('no file input');
      return input;
    };
    expect(fileInput()).toHaveAttribute('accept', 'image/png,image/jpeg');

    await user.upload(fileInput(), new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText(MSG.avatarType)).toBeInTheDocument();
    expect(requests('post')).toHaveLength(0);

    await user.upload(fileInput(), new File([new Uint8Array(8)], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(requests('post')).not.toHaveLength(0));
    expect(await screen.findByText(MSG.avatarUpdated)).toBeInTheDocument();
    expect(requests('post').map((c) => c.path)).toEqual([ACCOUNT_API.avatar]);
    // A multipart form whose part `file` is a file (jsdom's File reaches the server as a Node one).
    const sent = requests('post', ACCOUNT_API.avatar)[0];
    expect(sent?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body.file).toEqual(expect.objectContaining({ type: 'image/png' }));
    expect(typeof sent?.body.file).toBe('object');
    expect(useAuthStore.getState().avatar).toBe('http://127.0.0.1:8080/uploads/avatars/a.png');
  });
});

describe('avatarFileProblem', () => {
  it('takes PNG and JPEG up to 2 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarFileProblem({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(MSG.avatarTooLarge);
    expect(avatarFileProblem({ type: 'image/webp', size: 1 })).toBe(MSG.avatarType);
  });
});
