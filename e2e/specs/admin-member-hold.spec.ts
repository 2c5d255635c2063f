// 会员 in the operator console: an operator disables a main account (demouser, 停用 with a reason) and its
// sub-account (demosub01), signed in on the member app, is signed out at once with the hold's message (联系客服);
// its login is refused with the same message until the operator enables the main account again. A server of its own
// (SQLite).
import { expect, test } from '@playwright/test';
import { MSG } from '@uc/shared';
import {
  DEMO,
  login,
  loginThroughForm,
  pushConnected,
  SUB,
  signInNewStaff,
  useConsoleServer,
} from './support';

test.describe('a staff hold in the console', () => {
  const server = useConsoleServer();

  test('staff disable demouser and demosub01 is signed out; enabling lets it back in', async ({
    browser,
  }) => {
    const member = await browser.newContext({ baseURL: server().origin });
    const sub = await member.newPage();
    const connected = pushConnected(sub);
    await login(sub, SUB);
    await expect(sub.getByTestId('header-user-name')).toHaveText(SUB.username);
    await connected;

    const { context, page } = await signInNewStaff(browser, server(), 'ops');
    /** Finds demouser in 会员 and takes an action of its 操作 menu, with a reason. */
    const act = async (action: '停用' | '启用', title: string) => {
      await page.getByLabel('用户名').fill(DEMO.username);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const row = page.getByRole('row').filter({ hasText: DEMO.username });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: '操作' }).click();
      await page.getByRole('menuitem', { name: action }).click();
      const dialog = page.getByRole('dialog', { name: `${title} ${DEMO.username}` });
      await dialog.getByLabel('修改原因').fill(action === '停用' ? '违规使用' : '申诉通过');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await expect(dialog).toBeHidden();
      return row;
    };
    await page.getByRole('menu').getByText('会员', { exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/members/);
    const row = await act('停用', '停用会员');
    await expect(row.getByText('停用', { exact: true })).toBeVisible();

    // The sub-account's page hears it at once: the dialog says whom to ask, and the session is gone.
    const notice = sub.getByRole('dialog').filter({ hasText: MSG.memberDisabledByStaff });
    await expect(notice).toBeVisible();
    await expect.poll(async () => (await member.cookies()).some((c) => c.name === 'CCW-Token')).toBe(false);
    await expect(sub).toHaveURL(/\/usercenter\/checklogin\/index/);

    // Its login is refused with the same message.
    await loginThroughForm(sub, SUB.username, SUB.password);
    await expect(sub.getByText(MSG.memberDisabledByStaff)).toBeVisible();
    await expect(sub).toHaveURL(/\/usercenter\/checklogin\/index/);

    await act('启用', '启用会员');
    await loginThroughForm(sub, SUB.username, SUB.password);
    await expect(sub).toHaveURL(/\/usercenter\/dashboard$/);
    await expect(sub.getByTestId('header-user-name')).toHaveText(SUB.username);

    await context.close();
    await member.close();
  });
});
