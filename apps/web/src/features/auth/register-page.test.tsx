import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COOKIE, MSG } from '@uc/shared';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, reply, requests } from '../../test/api';
import { RegisterPage } from './register-page';
import { buttonNamed, loadFormChunks, renderPage, submitEmpty } from './testing';

vi.mock(
  '../../components/slider-captcha/slider-captcha-modal',
  () => import('../../test/fake-slider-captcha'),
);

beforeAll(loadFormChunks);

afterEach(() => Cookies.remove(COOKIE.distribution, { path: '/' }));

const user = () => userEvent.setup({ delay: null });

function field(label: string) {
  return screen.getByLabelText(label, { selector: 'input' });
}

async function fillValid(u: ReturnType<typeof user>) {
  await u.type(field('公司名称'), '深圳市测试科技有限公司');
  await u.type(field('用户名'), 'newcorp01');
  await u.type(field('密码'), 'Abc12345');
  await u.type(field('确认密码'), 'Abc12345');
  await u.type(field('手机号码'), '13912345678');
}

const SEND_CODE = 'api/register/message/';
const REGISTER = 'auth/register/';

/** The code sending (GET) and the registration (POST) answer these bodies. */
function answer(bodies: { code?: unknown; register?: unknown }) {
  mockApi({
    get: bodies.code ? { [SEND_CODE]: () => reply(bodies.code) } : {},
    post: bodies.register ? { [REGISTER]: () => reply(bodies.register) } : {},
  });
}

describe('RegisterPage', () => {
  it('shows the fields in order, the dialing code +86, the agreement link and the login link', () => {
    renderPage('/register', <RegisterPage />);
    const labels = ['公司名称', '用户名', '密码', '确认密码', '手机号码', '验证码'];
    const inputs = labels.map((label) => field(label));
    for (let i = 1; i < inputs.length; i += 1) {
      expect(inputs[i - 1]?.compareDocumentPosition(inputs[i] as Node)).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    }
    expect(screen.getByText('+86')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /我已阅读并同意/ })).not.toBeChecked();
    const agreement = screen.getByRole('link', { name: '《用户服务协议》' });
    expect(agreement).toHaveAttribute('href', '/agreement.html');
    expect(agreement).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '立即登录' })).toHaveAttribute('href', '/checklogin/index');
    expect(screen.getByRole('button', { name: buttonNamed('注册') })).toBeInTheDocument();
  });

  it('an empty submit shows every "required" message of docs/requirements.md §5', async () => {
    const u = user();
    renderPage('/register', <RegisterPage />);
    await submitEmpty(u, '注册', [
      MSG.companyRequired,
      MSG.usernameRequired,
      MSG.passwordRequired,
      MSG.confirmRequired,
      MSG.mobileInvalid,
      MSG.codeNotRequested,
      MSG.agreeRequired,
    ]);
  });

  it.each([
    ['公司名称', '12345678', MSG.companyInvalid],
    ['公司名称', '深圳市一二三四五六七八九十一二三四五六七八九十有限公司', MSG.companyTooLong],
    ['用户名', 'abc12', MSG.usernameTooShort],
    ['用户名', 'abcdefghij1234567', MSG.usernameTooLong],
    ['用户名', '1abcdefg', MSG.usernameInvalid],
    ['用户名', 'abc_defg', MSG.usernameInvalid],
    ['密码', 'Abc1234', MSG.passwordTooShort],
    ['密码', 'abcdefgh', MSG.passwordInvalid],
    ['密码', '12345678', MSG.passwordInvalid],
    ['手机号码', '12345678901', MSG.mobileInvalid],
    ['手机号码', '1391234567', MSG.mobileInvalid],
  ])('%s "%s" shows %s', async (label, value, message) => {
    const u = user();
    renderPage('/register', <RegisterPage />);
    await u.type(field(label), value);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('a username of digits only is allowed (docs/requirements.md §5: "unless all digits")', async () => {
    const u = user();
    renderPage('/register', <RegisterPage />);
    await u.type(field('用户名'), '12345678');
    await u.tab();
    await waitFor(() => expect(field('用户名')).not.toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText(MSG.usernameInvalid)).not.toBeInTheDocument();
  });

  it('the confirmation must equal the password', async () => {
    const u = user();
    renderPage('/register', <RegisterPage />);
    await u.type(field('密码'), 'Abc12345');
    await u.type(field('确认密码'), 'Abc123456');
    expect(await screen.findByText(MSG.confirmMismatch)).toBeInTheDocument();
  });

  it('opens no captcha until the first five fields are valid', async () => {
    const u = user();
    answer({});
    renderPage('/register', <RegisterPage />);
    await u.type(field('公司名称'), '深圳市测试科技有限公司');
    await u.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText(MSG.usernameRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests()).toHaveLength(0);
  });

  it('sends the code after the captcha, then checks the code itself', async () => {
    const u = user();
    answer({ code: { code: 200, message: '验证码已发送', data: null } });
    renderPage('/register', <RegisterPage />);
    await fillValid(u);
    await u.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('key:13912345678')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '完成拼图' }));
    expect(await screen.findByRole('button', { name: /60s后重新获取$/ })).toBeDisabled();
    expect(requests().map(({ method, path, query, body }) => ({ method, path, query, body }))).toEqual([
      { method: 'get', path: '/api/register/message/', query: { phone: '13912345678' }, body: {} },
    ]);

    await u.click(screen.getByRole('button', { name: buttonNamed('注册') }));
    expect(await screen.findByText(MSG.codeRequired)).toBeInTheDocument();
    expect(screen.queryByText(MSG.codeNotRequested)).not.toBeInTheDocument();
    await u.type(field('验证码'), '12');
    expect(await screen.findByText(MSG.codeInvalid)).toBeInTheDocument();
  });

  it('a refused code shows the server data text', async () => {
    const u = user();
    answer({ code: { code: 20007, message: '请求失败', data: '该手机号已注册' } });
    renderPage('/register', <RegisterPage />);
    await fillValid(u);
    await u.click(screen.getByRole('button', { name: '获取验证码' }));
    await u.click(await screen.findByText('完成拼图'));
    expect(await screen.findByText('该手机号已注册')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /获取验证码$/ })).toBeEnabled();
  });

  async function registerWith(response: unknown) {
    const u = user();
    Cookies.set(COOKIE.distribution, 'baidu', { path: '/' });
    answer({ code: { code: 200, message: '验证码已发送', data: null }, register: response });
    const router = renderPage('/register', <RegisterPage />);
    await fillValid(u);
    await u.click(screen.getByRole('button', { name: '获取验证码' }));
    await u.click(await screen.findByText('完成拼图'));
    await screen.findByRole('button', { name: /60s后重新获取$/ });
    await u.type(field('验证码'), '1234');
    await u.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await u.click(screen.getByRole('button', { name: buttonNamed('注册') }));
    return { router };
  }

  it('registers with hashed passwords and source, shows 注册成功 and opens login with the username', async () => {
    await registerWith({ code: 201, message: '注册成功', data: null });
    expect(await screen.findByText(MSG.registered)).toBeInTheDocument();
    expect(await screen.findByTestId('login-probe')).toHaveTextContent('login:newcorp01');
    const post = requests('post', REGISTER)[0];
    expect(post?.method).toBe('post');
    expect(post?.body).toMatchObject({
      company: '深圳市测试科技有限公司',
      username: 'newcorp01',
      telphone: '13912345678',
      verifycode: '1234',
      source: 'baidu',
    });
    expect(String(post?.body.new_password1)).toMatch(/^[0-9a-f]{64}$/);
    expect(post?.body.new_password1).toBe(post?.body.new_password2);
    expect(post?.body.new_password1).not.toBe('Abc12345');
  });

  it('any other code shows the server data text and stays', async () => {
    await registerWith({ code: 20006, message: '请求失败', data: '该用户名已被注册' });
    expect(await screen.findByText('该用户名已被注册')).toBeInTheDocument();
    expect(screen.queryByTestId('login-probe')).not.toBeInTheDocument();
  });

  it('lists regions with dialing codes grouped by letter', async () => {
    const u = user();
    renderPage('/register', <RegisterPage />);
    await u.click(screen.getByRole('combobox', { name: '国家/地区' }));
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeInTheDocument();
    expect(await screen.findByText('A')).toBeInTheDocument();
    expect(within(document.body).getAllByText(/阿尔巴尼亚 \+355/).length).toBeGreaterThan(0);
  });

  it('shows the other regions as unavailable: only mainland mobiles for now', async () => {
    const u = user();
    renderPage('/register', <RegisterPage />);
    const picker = screen.getByRole('combobox', { name: '国家/地区' });
    await u.click(picker);
    expect(await screen.findByText('暂仅支持中国大陆手机号')).toBeInTheDocument();
    await u.type(picker, '852');
    const hongKong = await screen.findByTitle('中国香港 +852（暂仅支持中国大陆手机号）');
    expect(hongKong).toHaveAttribute('aria-disabled', 'true');
    await u.click(hongKong);
    expect(screen.getByText('+86')).toBeInTheDocument();
    expect(screen.queryByText('+852')).not.toBeInTheDocument();
  });

  it('the mainland entry is the one that can be picked', async () => {
    const u = user();
    renderPage('/register', <RegisterPage />);
    await u.click(screen.getByRole('combobox', { name: '国家/地区' }));
    await u.type(screen.getByRole('combobox', { name: '国家/地区' }), '中国大陆');
    const options = await screen.findAllByTitle('中国大陆 +86');
    const mainland = options.find((option) => option.hasAttribute('aria-disabled'));
    expect(mainland).toHaveAttribute('aria-disabled', 'false');
  });
});
