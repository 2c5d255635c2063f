import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, STAFF_API, STAFF_ORDERS_API } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { httpError, mockApi, requests } from '../../test/api';
import { renderConsole, sessionOf } from '../../test/render';

const emptyPage = () => ({ list: [], total: 0, page: 1, size: 20 });

async function signInAs(fields: { username: string; password: string; totp: string }) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('用户名'), fields.username);
  await user.type(screen.getByLabelText('密码'), fields.password);
  await user.type(screen.getByLabelText('动态码'), fields.totp);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('登录', () => {
  it('signs in with the password and the 6-digit code and opens the layout of the role', async () => {
    mockApi({
      get: { [STAFF_API.me]: () => httpError(401, MSG.staffSessionExpired), [STAFF_API.audit]: emptyPage },
      post: { [STAFF_API.login]: () => sessionOf('admin', 'root') },
    });
    const { router } = renderConsole('/audit');
    // No session yet: 登录, without saying a session ended.
    await screen.findByLabelText('动态码');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(MSG.staffSessionExpired)).not.toBeInTheDocument();

    await signInAs({ username: ' root ', password: 'pw-123456', totp: '123456' });

    const menu = await screen.findByRole('menu');
    for (const label of ['概览', '订单', '会员', '内容', '卡券与优惠券', '发票', 'API', '操作日志'])
      expect(within(menu).getByText(label)).toBeInTheDocument();
    expect(screen.getByText('root')).toBeInTheDocument();
    expect(screen.getByText('管理员')).toBeInTheDocument();
    expect(requests('post', STAFF_API.login)[0]?.body).toEqual({
      username: 'root',
      password: 'pw-123456',
      totp: '123456',
    });
    // Back where it was going.
    expect(router.state.location.pathname).toBe('/audit');
    expect((await screen.findAllByText('暂无数据'))[0]).toBeInTheDocument();
  });

  it("shows the server's message in one line when the sign-in fails", async () => {
    mockApi({ post: { [STAFF_API.login]: () => httpError(401, MSG.staffLoginFailed) } });
    const { router } = renderConsole('/login');
    await signInAs({ username: 'root', password: 'wrong', totp: '654321' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.staffLoginFailed);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for a 6-digit code before calling the server', async () => {
    mockApi({});
    renderConsole('/login');
    await signInAs({ username: 'root', password: 'pw', totp: '12ab' });
    expect(await screen.findByText(MSG.staffTotpInvalid)).toBeInTheDocument();
    expect(requests('post', STAFF_API.login)).toHaveLength(0);
  });
});

describe('the layout by role', () => {
  it('shows only the sections the role may open and refuses a typed URL of another', async () => {
    mockApi({ get: { [STAFF_API.me]: () => sessionOf('service', 'kf01') } });
    renderConsole('/audit');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('订单')).toBeInTheDocument();
    expect(within(menu).queryByText('操作日志')).not.toBeInTheDocument();
    expect(within(menu).queryByText('概览')).not.toBeInTheDocument();
    expect(screen.getByText('客服')).toBeInTheDocument();
    expect(screen.getByText(MSG.staffForbidden)).toBeInTheDocument();
    expect(requests('get', STAFF_API.audit)).toHaveLength(0);
  });

  it('opens the first section of the role at /admin/', async () => {
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('service'),
        [STAFF_ORDERS_API.list]: () => ({ list: [], total: 0 }),
      },
    });
    const { router } = renderConsole('/');
    expect(await screen.findByText('订单列表')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('returns to 登录 saying the session ended when a call answers 401', async () => {
    mockApi({
      get: {
        [STAFF_API.me]: () => sessionOf('admin'),
        [STAFF_API.audit]: () => httpError(401, MSG.staffSessionExpired),
      },
    });
    const { router } = renderConsole('/audit');
    expect(await screen.findByText(MSG.staffSessionExpired)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs out', async () => {
    mockApi({
      get: { [STAFF_API.me]: () => sessionOf('finance') },
      post: { [STAFF_API.logout]: () => null },
    });
    const { router } = renderConsole('/orders');
    await userEvent.click(await screen.findByRole('button', { name: /退出登录/ }));
    await screen.findByLabelText('动态码');
    expect(router.state.location.pathname).toBe('/login');
    expect(requests('post', STAFF_API.logout)).toHaveLength(1);
  });
});
