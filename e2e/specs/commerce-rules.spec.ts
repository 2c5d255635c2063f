// The order page's refusals: no agreement, no login, a sub-account (SPEC.md §4, §5 Payment, §6).

import { expect, test } from '@playwright/test';
import { MSG } from '@uc/shared';
import { login, SUB } from './support';

test('paying without ticking the agreement is refused with the message', async ({ page }) => {
  await login(page);
  await page.goto('/usercenter/vip/index');
  await page.getByRole('link', { name: '立即续费 VIP专业版' }).click();
  await expect(page.getByTestId('order-plan-name')).toHaveText('VIP专业版');
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.locator('.ant-message').getByText(MSG.agreementRequired)).toBeVisible();
  await expect(page.getByTestId('pay-qr')).toHaveCount(0);
  await expect(page.getByRole('timer')).toContainText('剩余支付时间');
});

test('the order page asks a visitor to log in first', async ({ page }) => {
  await page.goto('/usercenter/taocandetail?gid=13&state=2&isRenew=0');
  await expect(page).toHaveURL(/\/usercenter\/checklogin\/index\?redirect=/);
});

test('a sub-account is refused the package pages', async ({ page }) => {
  await login(page, SUB.username, SUB.password);
  for (const path of [
    '/usercenter/vip/index',
    '/usercenter/taocandetail?gid=13&state=1&isRenew=1',
    '/usercenter/order/list',
  ]) {
    await page.goto(path);
    await expect(page.getByText(MSG.subAccountNoPackages)).toBeVisible();
  }
  await expect(page.getByRole('link', { name: '会员套餐' })).toHaveCount(0);
});
