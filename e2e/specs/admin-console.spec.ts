// 运营后台: a staff account made with the server's command line signs in at /admin/ with its password and the code
// an authenticator app would show, sees the sections of its role, and finds its own sign-in in 操作日志. The journey
// starts a server of its own: the command line writes to that server's database (DATA_DIR).
import { expect, test } from '@playwright/test';
import { createStaffAccount, type OwnServer, signInConsole, startOwnServer } from './support';

let server: OwnServer | undefined;

test.describe('the operator console', () => {
  test.beforeAll(async () => {
    // One server of its own is enough: its SQLite run stands for both projects.
    test.skip(test.info().project.name !== 'sqlite', 'runs once, in the SQLite project');
    server = await startOwnServer();
  });
  test.afterAll(() => {
    server?.stop();
  });

  test('a staff member signs in with a TOTP code and finds the sign-in in 操作日志', async ({ browser }) => {
    const username = `root${Date.now() % 100000}`;
    const password = 'Console2026ab';
    const secret = createStaffAccount(server, username, password, 'admin');
    const context = await browser.newContext({
      baseURL: server?.origin,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();

    await signInConsole(page, username, password, secret);

    // The admin role opens every section; the first is 概览.
    const menu = page.getByRole('menu');
    for (const label of ['概览', '订单', '会员', '内容', '卡券与优惠券', '发票', 'API', '操作日志'])
      await expect(menu.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByText('管理员')).toBeVisible();
    // 概览 is the first section: its KPI cards.
    await expect(page.getByText('付费会员', { exact: true })).toBeVisible();

    await menu.getByText('操作日志').click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    const row = page.getByRole('row').filter({ hasText: 'auth.login' }).filter({ hasText: username });
    await expect(row.first()).toBeVisible();

    // Filtered by the action, the filter is in the URL.
    await page.getByLabel('动作').fill('auth.login');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(/action=auth\.login/);
    await expect(row.first()).toBeVisible();

    await page.getByRole('button', { name: /退出登录/ }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await context.close();
  });
});
