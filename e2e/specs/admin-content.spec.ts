// 运营后台「内容」: an operator (运营) made with the server's command line signs in with a TOTP code and publishes a
// policy item from the console; the publisher pushes it to demouser, whose seeded 推送设置 (深圳市, 站内) match it
// and demouser — signed in in another browser context — sees it arrive in the header's bell. The journey starts a
// server of its own: the command line writes to that server's database.
import { expect, test } from '@playwright/test';
import { DEMO, loginWithForm, pushConnected, signInNewStaff, useConsoleServer } from './support';

test.describe('publishing from the operator console', () => {
  // The demo's scheduled items give demouser its 推送设置 (深圳市, 站内); an hour away, they stay out of the bell.
  const server = useConsoleServer({ DEMO_NEW_ITEMS_AFTER_SECONDS: '3600' });

  test('an operator publishes a policy item that reaches a matching member’s bell', async ({ browser }) => {
    test.setTimeout(180_000);

    // The member: demouser on the dashboard, its push connection open.
    const memberContext = await browser.newContext({
      baseURL: server().origin,
      viewport: { width: 1280, height: 800 },
    });
    const member = await memberContext.newPage();
    const live = pushConnected(member);
    await loginWithForm(member, DEMO);
    await live;
    const bell = member.getByTestId('header-bell');
    await expect(bell).toBeVisible();

    // The operator.
    const { context: staffContext, page } = await signInNewStaff(browser, server(), 'ops');
    await page.getByRole('menu').getByText('内容', { exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/content$/);

    const title = `关于申报深圳市数字经济专项资金的通知（${Date.now()}）`;
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.getByRole('dialog', { name: '新建政策' });
    // The body's editor loads after the dialog opens and its arrival moves the form: choose the type once it is there.
    await expect(dialog.locator('.ProseMirror')).toBeVisible();
    await dialog.getByRole('combobox').first().click();
    // The option of the open list (a cell of the table behind the dialog has the same title).
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="申报通知"]').click();
    // The choice shows in the field (its selected item carries the same title) before the next field is filled.
    await expect(dialog.getByTitle('申报通知', { exact: true })).toBeVisible();
    await dialog.getByPlaceholder('政策标题').fill(title);
    await dialog.getByPlaceholder('如 深圳市科技创新委员会').fill('深圳市工业和信息化局');
    await dialog.getByRole('combobox').nth(1).click();
    await page.getByTitle('深圳市', { exact: true }).click();
    await dialog.getByRole('button', { name: /发\s*布/ }).click();
    await expect(dialog).toBeHidden();

    // Listed as published, pushed to at least demouser.
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('已发布')).toBeVisible();

    // The member's open page: the push refreshes the bell, whose latest unread messages list the item.
    await expect(async () => {
      await bell.click();
      await expect(member.getByRole('list', { name: '最新未读消息' })).toContainText(title, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });

    await memberContext.close();
    await staffContext.close();
  });
});
