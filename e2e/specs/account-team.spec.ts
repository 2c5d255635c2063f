// Journey of 子账号管理: the demo main account adds a sub-account, which logs in elsewhere and sees neither the package
// pages nor the sub-account management (only 我的工具 under 会员服务); disabled by the main account it is sent off at once (下线通知). The
// sub-account is deleted at the end, so the demo account's team is as it was.

import { expect, test } from '@playwright/test';
import { MSG } from '@uc/shared';
import { DEMO, login, uniqueMobile, uniqueUsername } from './support';

test('a main account adds a sub-account, which is kept from the main-only pages and sent off when disabled', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const main = await browser.newContext();
  const other = await browser.newContext();
  const username = uniqueUsername('team');
  const password = 'Team2024ab';
  try {
    const page = await main.newPage();
    await login(page, DEMO, '/usercenter/account/sub');
    const count = page.getByTestId('team-count');
    await expect(count).toHaveText(/^\d+ \/ \d+$/);
    const before = Number((await count.textContent())?.split(' / ')[0]);

    await test.step('add the sub-account', async () => {
      await page.getByRole('button', { name: '新增子账号' }).click();
      const dialog = page.getByRole('dialog', { name: '新增子账号' });
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(dialog.getByText('请输入用户名')).toBeVisible();
      await dialog.getByLabel('用户名').fill(username);
      await dialog.getByLabel('密码', { exact: true }).fill(password);
      await dialog.getByLabel('确认密码').fill('Team2024xx');
      await dialog.getByLabel('联系人姓名').fill('王小明');
      // With a mobile the sub-account logs in at once (without one it binds a mobile at its first login).
      await dialog.getByLabel('手机号').fill(uniqueMobile());
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
      await dialog.getByLabel('确认密码').fill(password);
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(page.getByText('添加成功')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(count).toHaveText(new RegExp(`^${before + 1} / `));
      await page.getByLabel('搜索子账号').fill(username);
      await page.getByLabel('搜索子账号').press('Enter');
      await expect(page).toHaveURL(new RegExp(`name=${username}`));
      const row = page.getByRole('row').filter({ hasText: username });
      await expect(row).toHaveCount(1);
      await expect(row.getByText('王小明')).toBeVisible();
      await expect(row.getByText('正常')).toBeVisible();
    });

    const subPage = await other.newPage();
    await test.step('the sub-account logs in and sees no main-only pages', async () => {
      await login(subPage, { username, password });
      const menu = subPage.getByRole('navigation', { name: '侧边菜单' });
      await expect(menu.getByText('账户设置')).toBeVisible();
      // 会员服务 holds only 我的工具 for it (its main account's tools): no plan, no orders.
      await menu.getByText('会员服务').click();
      await expect(menu.getByText('我的工具')).toBeVisible();
      await expect(menu.getByText('会员套餐')).toHaveCount(0);
      await expect(menu.getByText('我的订单')).toHaveCount(0);
      await expect(menu.getByText('子账号管理')).toHaveCount(0);
      await subPage.goto('/usercenter/account/sub');
      await expect(subPage).toHaveURL(/\/usercenter\/sub-account-no-permission\?for=team$/);
      await expect(subPage.getByText(MSG.subAccountOnlyMain)).toBeVisible();
      await subPage.goto('/usercenter/vip/index');
      await expect(subPage).toHaveURL(/\/usercenter\/sub-account-no-permission$/);
      await subPage.goto('/usercenter/account/info');
      await expect(subPage.getByTestId('account-info-page').getByText('子账号')).toBeVisible();
    });

    await test.step('disabled by the main account, the sub-account is sent off', async () => {
      const row = page.getByRole('row').filter({ hasText: username });
      await row.getByRole('button', { name: `禁用 ${username}` }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: '禁用子账号' });
      await confirm.getByRole('button', { name: '禁用' }).click();
      await expect(row.getByText('已禁用')).toBeVisible();
      const notice = subPage.getByRole('dialog').filter({ hasText: '下线通知' });
      await expect(notice).toBeVisible();
      await expect(notice.getByText(MSG.accountDisabled)).toBeVisible();
      await expect.poll(async () => (await other.cookies()).some((c) => c.name === 'CCW-Token')).toBe(false);
    });

    await test.step('the sub-account is deleted again', async () => {
      const row = page.getByRole('row').filter({ hasText: username });
      await row.getByRole('button', { name: `删除 ${username}` }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: '删除子账号' });
      await confirm.getByRole('button', { name: '删除' }).click();
      await expect(page.getByText('删除成功')).toBeVisible();
      await expect(count).toHaveText(new RegExp(`^${before} / `));
      await expect(page.locator('.ant-empty-description').getByText('暂无数据')).toBeVisible();
    });
  } finally {
    await main.close();
    await other.close();
  }
});
