// Journey: an account without a mobile (nophone01) gets bind-phone mode, binds a fresh mobile and logs in.
import { expect, test } from '@playwright/test';
import { loginThroughForm, requestSmsCode, uniqueMobile } from './support';

test('nophone01 binds a mobile and logs in', async ({ page, context }) => {
  const mobile = uniqueMobile();
  await page.goto('/usercenter/checklogin/index');
  await loginThroughForm(page, 'nophone01', 'Nophone123');

  // 20004: the server message, then bind-phone mode.
  await expect(page.locator('.ant-message').getByText(/绑定手机号/)).toBeVisible();
  const account = page.getByRole('tabpanel', { name: '账号登录' });
  const submit = account.getByRole('button', { name: '绑定并登录' });
  await expect(submit).toBeVisible();
  await expect(account.getByLabel('用户名')).toHaveValue('nophone01');
  await expect(page).toHaveURL(/checklogin/);

  await account.getByLabel('手机号码').fill(mobile);
  const code = await requestSmsCode(page, account, mobile, 'bind');
  await account.getByLabel('验证码').fill(code);
  await submit.click();

  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('nophone01');
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'isReLogin')?.value).toBe('1');
});
