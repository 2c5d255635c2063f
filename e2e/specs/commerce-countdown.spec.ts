// The order page's 600-second countdown on the browser's clock (docs/requirements.md §4 steps 6-8, §8 "Timeout"): a plan switch
// recreates the order and starts it again; at 0 the page goes back to the plans with the warning.

import { expect, test } from '@playwright/test';
import { MSG } from '@uc/shared';
import { DEMO, login } from './support';

test('a plan switch restarts the countdown, and a countdown run out leads back to the plans', async ({
  page,
}) => {
  await page.clock.install();
  await login(page, DEMO, '/usercenter/taocandetail?gid=13&state=1&isRenew=1');
  // A full load of the order page (its chunks, the session, then the order) takes a while on a busy machine.
  await expect(page.getByTestId('order-plan-name')).toHaveText('VIP专业版', { timeout: 30_000 });
  const countdown = page.getByTestId('pay-countdown');
  await expect(countdown).toHaveText(/^(10:00|09:5\d)$/);
  const firstOrder = await page.getByTestId('order-no').innerText();

  await page.clock.fastForward('04:00');
  await expect(countdown).toHaveText(/^0[56]:\d\d$/);

  await page.getByRole('combobox', { name: '切换套餐' }).click();
  await page.getByRole('option', { name: '至尊版' }).click();
  await expect(page.getByTestId('order-plan-name')).toHaveText('至尊版');
  await expect(page.getByTestId('order-no')).not.toHaveText(firstOrder);
  await expect(countdown).toHaveText(/^(10:00|09:5\d)$/);

  await page.clock.fastForward('10:01');
  await expect(page).toHaveURL(/\/usercenter\/vip\/index$/);
  await expect(page.locator('.ant-message').getByText(MSG.orderTimeout)).toBeVisible();
});
