// Journey: password-free login with an SMS code sent after the slider captcha.
import { expect, test } from '@playwright/test';
import { requestSmsCode, solveSliderCaptcha } from './support';

test('demouser logs in with an SMS code to 13800138000', async ({ page }) => {
  const mobile = '13800138000';
  await page.goto('/usercenter/checklogin/index?redirect=/news');
  await page.getByRole('tab', { name: '免密登录' }).click();
  const panel = page.getByRole('tabpanel', { name: '免密登录' });

  // Nothing is sent for a wrong number: the field rule answers first.
  await panel.getByLabel('手机号码').fill('1380013800');
  await panel.getByRole('button', { name: '获取验证码' }).click();
  await expect(panel.getByText('手机号码有误')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '请完成安全验证' })).toHaveCount(0);

  await panel.getByLabel('手机号码').fill(mobile);
  const code = await requestSmsCode(page, panel, mobile, 'login');
  await expect(panel.getByRole('button', { name: /^\d+s后重新获取$/ })).toBeDisabled();
  await panel.getByLabel('验证码').fill(code);
  await panel.getByRole('button', { name: '登录', exact: true }).click();

  await expect(page).toHaveURL(/\/usercenter\/news$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('demouser');
});

test('a mobile bound to no account moves to account login in bind mode with the mobile copied', async ({
  page,
}) => {
  const mobile = `137${String(Date.now()).slice(-8)}`;
  await page.goto('/usercenter/checklogin/index');
  await page.getByRole('tab', { name: '免密登录' }).click();
  const panel = page.getByRole('tabpanel', { name: '免密登录' });
  await panel.getByLabel('手机号码').fill(mobile);
  await panel.getByRole('button', { name: '获取验证码' }).click();
  // The puzzle comes first: nothing about the mobile is revealed before it is solved.
  await solveSliderCaptcha(page, mobile);

  await expect(page.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true');
  const account = page.getByRole('tabpanel', { name: '账号登录' });
  await expect(account.getByRole('button', { name: '绑定并登录' })).toBeVisible();
  await expect(account.getByLabel('手机号码')).toHaveValue(mobile);
});
