// Journey: the API package bought from one of its four cards, paid through the sandbox page, calls left shown.
import { expect, test } from '@playwright/test';
import { login } from './support';

test('a member buys two years of the API package and sees the calls left', async ({ page }) => {
  await login(page);
  await page.goto('/usercenter/vip/index');
  await page.getByRole('link', { name: '立即购买 资助公示查询（近2年）' }).click();
  await expect(page).toHaveURL(/\/usercenter\/apiorder\?gid=14$/);
  await expect(page.getByTestId('api-calls')).toHaveText('50,000 次 × 1 = 50,000 次');
  await page.locator('.ant-segmented').getByText('2年').click();
  await expect(page.getByTestId('api-calls')).toHaveText('50,000 次 × 2 = 100,000 次');

  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '立即支付' }).click();
  const url = await page.getByRole('link', { name: /无法扫码/ }).getAttribute('href');
  const sandbox = await page.context().newPage();
  await sandbox.goto(url ?? '');
  await sandbox.getByRole('button', { name: '确认支付' }).click();
  await expect(sandbox.getByText('模拟支付已完成')).toBeVisible();
  await sandbox.close();

  await expect(page).toHaveURL(/\/usercenter\/apiPaySuccess\?state=true$/, { timeout: 15_000 });
  await expect(page.getByText('API套餐开通成功')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('api-surplus')).toContainText('100,000');
});
