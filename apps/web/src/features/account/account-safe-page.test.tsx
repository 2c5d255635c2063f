import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_API, ACCOUNT_CODE, fillPath, MSG } from '@uc/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../lib/hash-password';
import { startSession } from '../../lib/session/session';
import { mockApi, type Routes, refuse } from '../../test/api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/session';
import { AccountSafePage } from './account-safe-page';
import { PASSWORD_CHANGED_TEXT } from './components/change-password-dialog';
import { accountRoutes, securityFixture } from './testing';

// The password rules load on first use (they stay out of the login page's first paint): have them ready.
beforeAll(async () => {
  await import('../../components/form-fields/login-rules');
});

vi.mock('../../lib/session/session', () => ({ startSession: vi.fn() }));
// The slider captcha has its own tests: here the code button sends at once.
vi.mock('../../components/sms-code-button/sms-code-button', () => ({
  SmsCodeButton: ({
    prepare,
    send,
    onSent,
  }: {
    prepare: () => Promise<string | null>;
    send: (key: string) => Promise<{ code: number }>;
    onSent?: (key: string) => void;
  }) => (
    <button
      type="button"
      onClick={async () => {
        const key = await prepare();
        if (key && (await send(key)).code === 200) onSent?.(key);
      }}
    >
      获取验证码
    </button>
  ),
}));

afterEach(() => vi.clearAllMocks());

const answer = (routes: Routes) => mockApi(accountRoutes(), routes);

describe('AccountSafePage', () => {
  it('shows the real state, the last logins, the sessions and the security history', async () => {
    signIn();
    answer({ get: { [ACCOUNT_API.security]: () => securityFixture() } });
    const user = userEvent.setup();
    renderApp(<AccountSafePage title="账户安全" />, { at: '/account/safe' });
    expect(await screen.findByText('已绑定手机：138****8000')).toBeInTheDocument();
    expect(screen.getByText('已绑定邮箱：d***o@example.com')).toBeInTheDocument();
    expect(screen.getByText('上次修改：2026-11-01 14:30')).toBeInTheDocument();
    const logins = screen.getByRole('table', { name: '最近登录记录' });
    expect(within(logins).getByText('2026-11-23 14:00')).toBeInTheDocument();
    expect(within(logins).getByText('失败')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '登录设备（2）' }));
    const sessions = await screen.findByRole('table', { name: '登录设备' });
    expect(within(sessions).getByText('当前设备')).toBeInTheDocument();
    expect(within(sessions).getAllByRole('button', { name: /^退出/ })).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: '安全记录' }));
    expect(await screen.findByText('添加子账号')).toBeInTheDocument();
  });

  it('shows 暂无数据 for empty histories and offers to bind a missing mobile and email', async () => {
    signIn();
    answer({
      get: {
        [ACCOUNT_API.security]: () =>
          securityFixture({
            mobile: '',
            email: '',
            email_confirmed: false,
            password_changed_at: null,
            login_events: [],
            sessions: [],
            audit: [],
          }),
      },
    });
    renderApp(<AccountSafePage />, { at: '/account/safe' });
    expect(await screen.findByRole('button', { name: '绑定手机' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '绑定邮箱' })).toBeInTheDocument();
    expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });

  it('ends another session after a confirmation', async () => {
    signIn();
    const end = vi.fn(() => null);
    answer({
      get: { [ACCOUNT_API.security]: () => securityFixture() },
      post: { [fillPath(ACCOUNT_API.sessionLogout, 'other-jti')]: end },
    });
    const user = userEvent.setup();
    renderApp(<AccountSafePage />, { at: '/account/safe' });
    await user.click(await screen.findByRole('tab', { name: '登录设备（2）' }));
    await user.click(await screen.findByRole('button', { name: '退出 Safari 17 / iOS 17 10.0.0.9' }));
    const confirm = await screen.findByRole('dialog', { name: '退出该设备？' });
    expect(end).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: '退出' }));
    await waitFor(() => expect(end).toHaveBeenCalled());
    expect(await screen.findByText(MSG.sessionEnded)).toBeInTheDocument();
  });

  it('changes the password with the required rules (docs/requirements.md §5), hashed, and keeps the session with the fresh token', async () => {
    signIn();
    const badHash = await sha256Hex('bad');
    const change = vi.fn((body: Record<string, unknown>) =>
      body.oldpassword === badHash
        ? refuse(ACCOUNT_CODE.oldPasswordWrong, MSG.oldPasswordWrong)
        : { token: 'fresh' },
    );
    answer({
      get: { [ACCOUNT_API.security]: () => securityFixture() },
      post: { [ACCOUNT_API.rechangePasswd]: change },
    });
    const user = userEvent.setup();
    renderApp(<AccountSafePage />, { at: '/account/safe' });
    await user.click(await screen.findByRole('button', { name: '修改登录密码' }));
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    const submit = within(dialog).getByRole('button', { name: '确定修改' });
    await user.click(submit);
    expect(await within(dialog).findByText(MSG.oldPasswordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.confirmRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('原密码'), 'Demo12345');
    await user.type(within(dialog).getByLabelText('新密码'), 'abcdefgh');
    await user.type(within(dialog).getByLabelText('确认密码'), 'abcdefgx');
    await user.click(submit);
    expect(await within(dialog).findByText(MSG.passwordInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.confirmMismatch)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('新密码'));
    await user.type(within(dialog).getByLabelText('新密码'), 'Demo12345');
    await user.click(submit);
    expect(await within(dialog).findByText(MSG.passwordUnchanged)).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('新密码'));
    await user.type(within(dialog).getByLabelText('新密码'), 'Newpass2024');
    await user.clear(within(dialog).getByLabelText('确认密码'));
    await user.type(within(dialog).getByLabelText('确认密码'), 'Newpass2024');
    await user.clear(within(dialog).getByLabelText('原密码'));
    await user.type(within(dialog).getByLabelText('原密码'), 'bad');
    await user.click(submit);
    expect(await within(dialog).findByText(MSG.oldPasswordWrong)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('原密码'));
    await user.type(within(dialog).getByLabelText('原密码'), 'Demo12345');
    await user.click(submit);
    await waitFor(() => expect(vi.mocked(startSession)).toHaveBeenCalledWith('fresh', false));
    expect(change).toHaveBeenLastCalledWith({
      oldpassword: await sha256Hex('Demo12345'),
      newpassword: await sha256Hex('Newpass2024'),
      surepassword: await sha256Hex('Newpass2024'),
      encoded: true,
    });
    expect(await screen.findByText(PASSWORD_CHANGED_TEXT)).toBeInTheDocument();
  });

  it('changes the mobile: a code to the current mobile, then a code to the new one', async () => {
    signIn();
    let state = securityFixture();
    const sendVerify = vi.fn(() => null);
    const checkCode = vi.fn((body: Record<string, unknown>) =>
      body.verifycode === '1111' ? refuse(20008, MSG.smsCodeWrong) : { ticket: 'tk-1', expires_in: 600 },
    );
    const sendNew = vi.fn(() => null);
    const update = vi.fn((body: Record<string, unknown>) => {
      state = { ...state, mobile: '139****2222' };
      return { ...body };
    });
    answer({
      get: {
        [ACCOUNT_API.security]: () => state,
        [ACCOUNT_API.verifyMessage]: sendVerify,
        [ACCOUNT_API.telphoneMessage]: sendNew,
      },
      post: { [ACCOUNT_API.checkVerifyCode]: checkCode, [ACCOUNT_API.updateTelphone]: update },
    });
    const user = userEvent.setup();
    renderApp(<AccountSafePage />, { at: '/account/safe' });
    await user.click(await screen.findByRole('button', { name: '修改绑定手机' }));
    const dialog = await screen.findByRole('dialog', { name: '修改手机' });
    await user.click(within(dialog).getByRole('tab', { name: '短信验证' }));
    expect(within(dialog).getByText('138****8000')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('验证码'), '1234');
    await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    expect(await within(dialog).findByText(MSG.codeNotRequested)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(sendVerify).toHaveBeenCalled());
    await user.clear(within(dialog).getByLabelText('验证码'));
    await user.type(within(dialog).getByLabelText('验证码'), '1111');
    await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    expect(await within(dialog).findByText(MSG.smsCodeWrong)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('验证码'));
    await user.type(within(dialog).getByLabelText('验证码'), '4321');
    await user.click(within(dialog).getByRole('button', { name: '下一步' }));

    const mobile = await within(dialog).findByLabelText('新手机号');
    await user.type(mobile, '12345');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await within(dialog).findByText(MSG.mobileInvalid)).toBeInTheDocument();
    expect(sendNew).not.toHaveBeenCalled();
    await user.clear(mobile);
    await user.type(mobile, '13900002222');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(sendNew).toHaveBeenCalledWith({ phone: '13900002222' }));
    await user.type(within(dialog).getByLabelText('验证码'), '5678');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText(MSG.mobileChanged)).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith({ telphone: '13900002222', verifycode: '5678', ticket: 'tk-1' });
    // The title stays while the state behind it refreshes.
    expect(screen.getByRole('dialog', { name: '修改手机' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '完成' }));
    expect(await screen.findByText('已绑定手机：139****2222')).toBeInTheDocument();
  });

  it('binds an email after the password, and says to open the link; a lost ticket goes back to step 1', async () => {
    signIn();
    let tickets = 0;
    const check = vi.fn(() => {
      tickets += 1;
      return { ticket: `tk-${tickets}`, expires_in: 600 };
    });
    const update = vi.fn((body: Record<string, unknown>) =>
      body.ticket === 'tk-1'
        ? refuse(ACCOUNT_CODE.reauthRequired, MSG.reauthRequired)
        : { email_pending: 'n***w@example.com', expires_in_hours: 24 },
    );
    answer({
      get: {
        [ACCOUNT_API.security]: () => securityFixture({ mobile: '', email: '', email_confirmed: false }),
      },
      post: { [ACCOUNT_API.checkPassword]: check, [ACCOUNT_API.updateEmail]: update },
    });
    const user = userEvent.setup();
    renderApp(<AccountSafePage />, { at: '/account/safe' });
    await user.click(await screen.findByRole('button', { name: '绑定邮箱' }));
    const dialog = await screen.findByRole('dialog', { name: '绑定邮箱' });
    // No mobile: the password is the only way, without tabs.
    expect(within(dialog).queryByRole('tab', { name: '短信验证' })).toBeNull();
    const reauth = async () => {
      await user.type(await within(dialog).findByLabelText('登录密码'), 'Demo12345');
      await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    };
    await reauth();
    const email = await within(dialog).findByLabelText('邮箱地址');
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: '发送确认邮件' }));
    expect(await within(dialog).findByText(MSG.emailInvalid)).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'New@Example.com');
    await user.click(within(dialog).getByRole('button', { name: '发送确认邮件' }));
    expect(await screen.findByText(MSG.reauthRequired)).toBeInTheDocument();
    await reauth();
    await user.type(await within(dialog).findByLabelText('邮箱地址'), 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: '发送确认邮件' }));
    expect(await within(dialog).findByText('确认邮件已发送')).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.emailConfirmSent)).toBeInTheDocument();
    expect(within(dialog).getByText('n***w@example.com')).toBeInTheDocument();
    expect(check).toHaveBeenCalledWith({ password: await sha256Hex('Demo12345') });
    expect(update).toHaveBeenLastCalledWith({ email: 'new@example.com', ticket: 'tk-2' });
  });
});
