// Journey: a company registers with an SMS code (after the slider captcha) and logs in with the new account.
import { expect, test } from '@playwright/test';
import {
  loginThroughForm,
  registerThroughForm,
  requestSmsCode,
  uniqueMobile,
  uniqueUsername,
} from './support';

test('a new company registers with an SMS code and logs in with it', async ({ page, context }) => {
  const username = uniqueUsername('corp');
  const password = 'Corp2024ab';
  const mobile = uniqueMobile();
  const company = `深圳市${username.slice(-4)}科技有限公司`;

  await page.goto('/usercenter/checklogin/index');
  await page.getByRole('link', { name: '免费注册' }).first().click();
  await expect(page).toHaveURL(/\/usercenter\/register$/);
  await expect(page).toHaveTitle(/免费注册/);

  const form = page.locator('form[id="register"]');
  await form.getByLabel('公司名称').fill(company);
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('密码', { exact: true }).fill(password);
  await form.getByLabel('确认密码').fill(password);
  await expect(form.getByText('+86')).toBeVisible();
  await form.getByLabel('手机号码').fill(mobile);

  const code = await requestSmsCode(page, form, mobile, 'register');
  await form.getByLabel('验证码').fill(code);
  await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await form.getByRole('button', { name: '注册' }).click();

  await expect(page.getByText('注册成功')).toBeVisible();
  await expect(page).toHaveURL(/\/usercenter\/checklogin\/index$/);
  await expect(page.getByPlaceholder('请输入用户名')).toHaveValue(username);

  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
  await expect(page.getByTestId('header-user-name')).toHaveText(username);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).toContain('CCW-Token');
});

test('a taken username is refused with the server text and nothing is created', async ({ page }) => {
  const mobile = uniqueMobile();
  await page.goto('/usercenter/register');
  await registerThroughForm(page, {
    company: '深圳市前海智汇科技有限公司',
    username: 'demouser',
    password: 'Demo12345',
    mobile,
  });
  await expect(page.locator('.ant-message').getByText(/用户名/)).toBeVisible();
  await expect(page).toHaveURL(/\/usercenter\/register$/);
});
