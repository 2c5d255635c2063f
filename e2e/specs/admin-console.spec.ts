// 运营后台: a staff account made with the server's command line signs in at /admin/ with its password and the code
// an authenticator app would show, sees the sections of its role, and finds its own sign-in in 操作日志. The journey
// starts a server of its own: the command line writes to that server's database (DATA_DIR).
import { expect, test } from '@playwright/test';
import { signInNewStaff, useConsoleServer } from './support';

test.describe('the operator console', () => {
  const server = useConsoleServer();

  test('a staff member signs in with a TOTP code and finds the sign-in in 操作日志', async ({ browser }) => {
    const { context, page, username } = await signInNewStaff(browser, server(), 'admin', 'root');

    // The admin role opens every section; the first is 概览.
    const menu = page.getByRole('menu');
    for (const label of ['概览', '订单', '会员', '内容', '卡券与优惠券', '发票', 'API', '操作日志'])
      await expect(menu.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByText('管理员')).toBeVisible();
    // 概览 is the first section: its KPI cards.
    await expect(page.getByText('付费会员', { exact: true })).toBeVisible();

    await menu.getByText('操作日志').click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    // The action by its name (登录), the row by the staff member.
    const row = page
      .getByRole('row')
      .filter({ has: page.getByTitle('auth.login') })
      .filter({ hasText: username });
    await expect(row.first()).toBeVisible();

    // Filtered by the action, the filter is in the URL.
    await page.getByLabel('动作').click();
    await page.getByTitle('登录', { exact: true }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(/action=auth\.login/);
    await expect(row.first()).toBeVisible();

    await page.getByRole('button', { name: /退出登录/ }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await context.close();
  });
});
