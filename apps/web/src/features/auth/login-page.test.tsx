import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COOKIE, MSG } from '@uc/shared';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearLocalSession } from '../../lib/session/auth-store';
import { mockApi, networkError, reply, requests } from '../../test/api';
import { renderApp } from '../../test/render';
import { LoginPage } from './login-page';
import { buttonNamed, loadFormChunks } from './testing';

vi.mock(
  '../../components/slider-captcha/slider-captcha-modal',
  () => import('../../test/fake-slider-captcha'),
);

// The lazy chunks load before the first test, not inside a timed query on a busy machine.
beforeAll(async () => {
  await loadFormChunks();
  await import('./components/bind-phone-fields');
  await import('./components/sms-login-form');
  await import('./api/login');
});

afterEach(() => clearLocalSession({ broadcast: false }));

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const TOKEN = `${b64({ alg: 'HS256' })}.${b64({
  user_id: 5,
  username: 'nophone01',
  level: 10,
  exp: Math.floor(Date.now() / 1000) + 86_400,
  group_id: 5,
})}.sig`;
const LOGGED_IN = { code: 200, message: '登录成功', data: { token: TOKEN } };
const SENT = { code: 200, message: '验证码已发送', data: null };

const LOGIN = 'auth/login/';
const LOGIN_CODE = 'api/login/message/';
const SMS_CODE = 'api/message/';

function renderLogin(state?: unknown) {
  const { router } = renderApp(<LoginPage />, {
    path: '/checklogin/index',
    at: { pathname: '/checklogin/index', search: '?redirect=/news', state },
    client: null,
    routes: [
      { path: '/news', element: <div>news page</div> },
      { path: '/dashboard', element: <div>dashboard page</div> },
    ],
  });
  return router;
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });

const logins = () => requests('post', LOGIN);

async function getCode(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('button', { name: '获取验证码' }));
  await u.click(await screen.findByText('完成拼图'));
}

describe('LoginPage', () => {
  it('shows both tabs, the fields, remember-me and the links', () => {
    renderLogin();
    expect(screen.getByRole('tab', { name: '账号登录' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '免密登录' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入密码')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '一周内自动登录' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '忘记密码？' })).toHaveAttribute('href', '/findpwd');
    expect(screen.getAllByRole('link', { name: '免费注册' })[0]).toHaveAttribute('href', '/register');
    expect(screen.getAllByRole('button', { name: '登录' })[0]).toBeInTheDocument();
  });

  it('shows 用户名不能为空 and 密码不能为空 when submitted empty', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(screen.getAllByRole('button', { name: '登录' })[0]!);
    expect(await screen.findByText(MSG.loginUsernameRequired)).toBeInTheDocument();
    expect(await screen.findByText(MSG.loginPasswordRequired)).toBeInTheDocument();
  });

  it('prefills the username handed over by the registration', () => {
    renderLogin({ username: 'newcorp01' });
    expect(input('用户名')).toHaveValue('newcorp01');
  });

  it('shows the server message of another code, and 登录失败！ when the request fails', async () => {
    const u = userEvent.setup({ delay: null });
    const answers = [() => reply({ code: 20001, message: '用户名或密码错误', data: null }), networkError];
    mockApi({ post: { [LOGIN]: () => answers.shift()?.() } });
    renderLogin();
    await u.type(input('用户名'), 'demouser');
    await u.type(input('密码'), 'Wrong1234');
    await u.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: buttonNamed('登录') }));
    expect(await screen.findByText(MSG.loginFailed)).toBeInTheDocument();
  });

  it('a locked account (20002 asking for the puzzle) opens the captcha keyed by the username, then logs in again', async () => {
    const u = userEvent.setup({ delay: null });
    const locked = {
      code: 20002,
      message: '登录失败次数过多，请完成拼图验证后再登录',
      data: { captcha: true },
    };
    const answers = [locked, LOGGED_IN];
    mockApi({ post: { [LOGIN]: () => reply(answers.shift()) } });
    const router = renderLogin();
    await u.type(input('用户名'), ' goldvip01 ');
    await u.type(input('密码'), 'Gold12345');
    await u.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText(locked.message)).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: '请完成安全验证' });
    expect(dialog).toHaveAccessibleDescription('key:goldvip01');
    expect(logins()).toHaveLength(1);

    await u.click(within(dialog).getByText('完成拼图'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(logins()).toHaveLength(2);
    expect(logins()[1]?.body).toEqual(logins()[0]?.body);
    expect(logins()[1]?.body).toMatchObject({ username: 'goldvip01', type: '2' });
    expect(screen.queryByRole('dialog', { name: '请完成安全验证' })).toBeNull();
  });

  it('20002 without the puzzle (password logins paused for the network) only shows the message', async () => {
    const u = userEvent.setup({ delay: null });
    const paused = {
      code: 20002,
      message: '当前网络登录失败次数过多，已暂停密码登录，请15分钟后再试',
      data: null,
    };
    mockApi({ post: { [LOGIN]: () => reply(paused) } });
    renderLogin();
    await u.type(input('用户名'), 'goldvip01');
    await u.type(input('密码'), 'Gold12345');
    await u.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText(paused.message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '请完成安全验证' })).toBeNull();
    expect(requests()).toHaveLength(1);
  });

  it('20004 switches to bind mode; the bind login sends type 3, sets isReLogin and navigates', async () => {
    const u = userEvent.setup({ delay: null });
    mockApi({
      get: { [LOGIN_CODE]: () => reply(SENT) },
      post: {
        [LOGIN]: (body) =>
          reply(
            body.type === '3'
              ? LOGGED_IN
              : { code: 20004, message: '您的账号尚未绑定手机号，请绑定手机号后登录', data: null },
          ),
      },
    });
    renderLogin();
    await u.type(input('用户名'), 'nophone01');
    await u.type(input('密码'), 'Nophone123');
    await u.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('您的账号尚未绑定手机号，请绑定手机号后登录')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: buttonNamed('绑定并登录') })).toBeInTheDocument();
    await u.type(await screen.findByLabelText('手机号码', { selector: 'input' }), '13912345678');
    await getCode(u);
    expect(await screen.findByRole('button', { name: /60s后重新获取$/ })).toBeDisabled();
    await u.type(input('验证码'), '4321');
    await u.click(screen.getByRole('button', { name: buttonNamed('绑定并登录') }));

    expect(await screen.findByText('news page')).toBeInTheDocument();
    expect(Cookies.get(COOKIE.reLogin)).toBe('1');
    expect(Cookies.get(COOKIE.token)).toBe(TOKEN);
    expect(requests('get', LOGIN_CODE)[0]?.query).toEqual({
      phone: '13912345678',
      purpose: 'bind',
    });
    const bind = logins().find((c) => c.body.type === '3');
    expect(bind?.body).toMatchObject({
      username: 'nophone01',
      phone: '13912345678',
      verifycode: '4321',
      rememberMe: 'false',
    });
    expect(String(bind?.body.password)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a plain account login does not set isReLogin', async () => {
    const u = userEvent.setup({ delay: null });
    mockApi({ post: { [LOGIN]: () => reply(LOGGED_IN) } });
    renderLogin();
    await u.type(input('用户名'), 'demouser');
    await u.type(input('密码'), 'Demo12345');
    await u.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('news page')).toBeInTheDocument();
    expect(Cookies.get(COOKIE.reLogin)).toBeUndefined();
  });

  it('logs in by SMS code with type 1', async () => {
    const u = userEvent.setup({ delay: null });
    mockApi({ get: { [SMS_CODE]: () => reply(SENT) }, post: { [LOGIN]: () => reply(LOGGED_IN) } });
    renderLogin();
    await u.click(screen.getByRole('tab', { name: '免密登录' }));
    await u.type(await screen.findByLabelText('手机号码', { selector: 'input' }), '13800138000');
    await getCode(u);
    await screen.findByRole('button', { name: /60s后重新获取$/ });
    await u.type(input('验证码'), '1234');
    const panel = screen.getByRole('tabpanel', { name: '免密登录' });
    await u.click(within(panel).getByRole('button', { name: '登录' }));
    expect(await screen.findByText('news page')).toBeInTheDocument();
    expect(requests('get', SMS_CODE)[0]?.query).toEqual({ phone: '13800138000' });
    expect(logins()[0]?.body).toMatchObject({
      type: '1',
      phone: '13800138000',
      verifycode: '1234',
    });
  });

  it('20005 at code sending moves to the account tab in bind mode with the mobile copied', async () => {
    const u = userEvent.setup({ delay: null });
    mockApi({
      get: {
        [SMS_CODE]: () =>
          reply({
            code: 20005,
            message: '该手机号未绑定任何账号，请使用账号密码登录并绑定手机号',
            data: null,
          }),
      },
    });
    renderLogin();
    await u.click(screen.getByRole('tab', { name: '免密登录' }));
    await u.type(await screen.findByLabelText('手机号码', { selector: 'input' }), '13912345678');
    await getCode(u);
    expect(
      await screen.findByText('该手机号未绑定任何账号，请使用账号密码登录并绑定手机号'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByRole('button', { name: buttonNamed('绑定并登录') })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: '账号登录' });
    await waitFor(() =>
      expect(within(panel).getByLabelText('手机号码', { selector: 'input' })).toHaveValue('13912345678'),
    );
  });

  it('20005 from the SMS login itself does the same', async () => {
    const u = userEvent.setup({ delay: null });
    mockApi({
      get: { [SMS_CODE]: () => reply(SENT) },
      post: { [LOGIN]: () => reply({ code: 20005, message: '该手机号未绑定任何账号', data: null }) },
    });
    renderLogin();
    await u.click(screen.getByRole('tab', { name: '免密登录' }));
    await u.type(await screen.findByLabelText('手机号码', { selector: 'input' }), '13912345678');
    await getCode(u);
    await screen.findByRole('button', { name: /60s后重新获取$/ });
    await u.type(input('验证码'), '1234');
    await u.click(
      within(screen.getByRole('tabpanel', { name: '免密登录' })).getByRole('button', { name: '登录' }),
    );
    expect(await screen.findByRole('button', { name: buttonNamed('绑定并登录') })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: '账号登录' });
    await waitFor(() =>
      expect(within(panel).getByLabelText('手机号码', { selector: 'input' })).toHaveValue('13912345678'),
    );
  });

  it('20012 on the SMS login enables the code button again', async () => {
    const u = userEvent.setup({ delay: null });
    mockApi({
      get: { [SMS_CODE]: () => reply(SENT) },
      post: { [LOGIN]: () => reply({ code: 20012, message: '验证码错误次数过多，请重新获取', data: null }) },
    });
    renderLogin();
    await u.click(screen.getByRole('tab', { name: '免密登录' }));
    await u.type(await screen.findByLabelText('手机号码', { selector: 'input' }), '13800138000');
    await getCode(u);
    expect(await screen.findByRole('button', { name: /60s后重新获取$/ })).toBeDisabled();
    await u.type(input('验证码'), '1234');
    await u.click(
      within(screen.getByRole('tabpanel', { name: '免密登录' })).getByRole('button', { name: '登录' }),
    );
    expect(await screen.findByText('验证码错误次数过多，请重新获取')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /获取验证码$/ })).toBeEnabled();
  });
});
