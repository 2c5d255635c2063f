import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_CODE, MSG } from '@uc/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, networkError, type RouteHandler, reply, requests } from '../../test/api';
import { FindPasswordPage } from './findpwd-page';
import { buttonNamed, loadFormChunks, renderPage, submitEmpty } from './testing';

vi.mock(
  '../../components/slider-captcha/slider-captcha-modal',
  () => import('../../test/fake-slider-captcha'),
);

beforeAll(loadFormChunks);

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

const SENT = { code: 200, message: '验证码已发送', data: null };
const TWO_ACCOUNTS = {
  code: 20013,
  message: '该手机号绑定了多个账号，请选择账号',
  data: [
    { username: 'demouser', company_name: '深圳市前海智汇科技有限公司' },
    { username: 'demosub01', company_name: '深圳市前海智汇科技有限公司' },
  ],
};

const FIND_PASSWORD = 'api/users/findPassword/';

/** Fills the form and submits; the code is sent, `findPassword` answers the submissions. */
async function fillAndSubmit(findPassword: RouteHandler) {
  const u = userEvent.setup({ delay: null });
  mockApi({ get: { 'api/login/message/': () => reply(SENT) }, post: { [FIND_PASSWORD]: findPassword } });
  renderPage('/findpwd', <FindPasswordPage />);
  await u.type(field('手机号码'), '13800138000');
  await u.click(screen.getByRole('button', { name: '获取验证码' }));
  await u.click(await screen.findByText('完成拼图'));
  await screen.findByRole('button', { name: /60s后重新获取$/ });
  await u.type(field('验证码'), '1234');
  await u.type(field('新密码'), 'Newpass123');
  await u.type(field('确认密码'), 'Newpass123');
  await u.click(screen.getByRole('button', { name: buttonNamed('确认修改') }));
  return { u };
}

describe('FindPasswordPage', () => {
  it('has one step: mobile, code, new password, confirmation and 确认修改', async () => {
    const u = userEvent.setup({ delay: null });
    renderPage('/findpwd', <FindPasswordPage />);
    expect(screen.getByRole('heading', { name: '找回密码' })).toBeInTheDocument();
    await submitEmpty(u, '确认修改', [
      MSG.mobileInvalid,
      MSG.codeNotRequested,
      MSG.passwordRequired,
      MSG.confirmRequired,
    ]);
    expect(screen.queryByLabelText('选择账号')).not.toBeInTheDocument();
  });

  it('applies the registration rules to the new password', async () => {
    const u = userEvent.setup({ delay: null });
    renderPage('/findpwd', <FindPasswordPage />);
    await u.type(field('新密码'), 'abcdefgh');
    expect(await screen.findByText(MSG.passwordInvalid)).toBeInTheDocument();
    await u.type(field('确认密码'), 'abcdefgx');
    expect(await screen.findByText(MSG.confirmMismatch)).toBeInTheDocument();
  });

  it('sends the findpwd code and, on success, shows the message and opens login', async () => {
    await fillAndSubmit(() => reply({ code: 200, message: 'ok', data: null }));
    expect(await screen.findByText(MSG.findPasswordOk)).toBeInTheDocument();
    expect(await screen.findByTestId('login-probe')).toBeInTheDocument();
    expect(requests()[0]).toMatchObject({
      path: '/api/login/message/',
      query: { phone: '13800138000', purpose: 'findpwd' },
    });
    const post = requests('post', FIND_PASSWORD)[0];
    expect(post?.body).toMatchObject({ telphone: '13800138000', verifycode: '1234' });
    expect(String(post?.body.newpassword)).toMatch(/^[0-9a-f]{64}$/);
    expect(post?.body.surepassword).toBe(post?.body.newpassword);
    expect(post?.body).not.toHaveProperty('username');
  });

  it('with several accounts asks which one (请输入选择您的账号) and resubmits with it', async () => {
    const answers = [TWO_ACCOUNTS, { code: 200, message: 'ok', data: null }];
    const { u } = await fillAndSubmit(() => reply(answers.shift()));
    const select = await screen.findByRole('combobox', { name: '选择账号' });
    expect(screen.getByText('选择账号')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: buttonNamed('确认修改') }));
    expect(await screen.findByText(MSG.chooseAccount)).toBeInTheDocument();

    await u.click(select);
    await u.click(await screen.findByTitle('demosub01（深圳市前海智汇科技有限公司）'));
    await u.click(screen.getByRole('button', { name: buttonNamed('确认修改') }));
    expect(await screen.findByText(MSG.findPasswordOk)).toBeInTheDocument();
    expect(await screen.findByTestId('login-probe')).toHaveTextContent('login:demosub01');
    const posts = requests('post', FIND_PASSWORD);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body.username).toBe('demosub01');
  });

  it('drops an account the server refuses as disabled from the choice', async () => {
    const answers = [
      TWO_ACCOUNTS,
      { code: ACCOUNT_CODE.accountDisabled, message: MSG.accountDisabled, data: null },
    ];
    const { u } = await fillAndSubmit(() => reply(answers.shift()));
    const select = await screen.findByRole('combobox', { name: '选择账号' });
    await u.click(select);
    await u.click(await screen.findByTitle('demosub01（深圳市前海智汇科技有限公司）'));
    await u.click(screen.getByRole('button', { name: buttonNamed('确认修改') }));
    expect(await screen.findByText(MSG.accountDisabled)).toBeInTheDocument();
    expect(screen.queryByTestId('login-probe')).not.toBeInTheDocument();
    await u.click(select);
    const offered = () =>
      Array.from(document.querySelectorAll('.ant-select-item-option'), (o) => o.getAttribute('title'));
    await waitFor(() => expect(offered()).toEqual(['demouser（深圳市前海智汇科技有限公司）']));
    expect(select).toHaveValue('');
  });

  it('another failure shows the server message', async () => {
    await fillAndSubmit(() => reply({ code: 20008, message: '验证码错误，请重新输入', data: null }));
    expect(await screen.findByText('验证码错误，请重新输入')).toBeInTheDocument();
    expect(screen.queryByTestId('login-probe')).not.toBeInTheDocument();
  });

  it('an exception shows 修改密码失败，请重试！！', async () => {
    await fillAndSubmit(networkError);
    expect(await screen.findByText(MSG.findPasswordError)).toBeInTheDocument();
  });
});
