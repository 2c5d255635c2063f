// Journey: goldvip01 (no other journey logs in as it) recovers the password with an SMS code to 13800138002 and logs in
// with the new one; the old one no longer works.
import { expect, test } from '@playwright/test';
import { loginThroughForm, requestSmsCode } from './support';

const MOBILE = '13800138002';
const ORIGINAL = 'Gold12345';
const CHANGED = 'Gold67890';

test('goldvip01 recovers the password and logs in with the new one', async ({ page }) => {
  await page.goto('/usercenter/checklogin/index');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/\/usercenter\/findpwd$/);
  await expect(page).toHaveTitle(/找回密码/);

  const form = page.locator('form[id="findpwd"]');
  await form.getByLabel('手机号码').fill(MOBILE);
  const code = await requestSmsCode(page, form, MOBILE, 'findpwd');
  await form.getByLabel('验证码').fill(code);
  await form.getByLabel('新密码').fill(CHANGED);
  await form.getByLabel('确认密码').fill(CHANGED);
  await form.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('修改密码成成功，请登录！！')).toBeVisible();
  await expect(page).toHaveURL(/\/usercenter\/checklogin\/index$/);

  await loginThroughForm(page, 'goldvip01', ORIGINAL);
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await loginThroughForm(page, 'goldvip01', CHANGED);
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('goldvip01');
});
