// Journey: the API package bought from its one card (four services, one purchase), paid through the sandbox page,
// the calls left shown on the success page, on the card and on the API order page.
import { expect, test } from '@playwright/test';
import { type ApiSurplus, COMMERCE_API } from '@uc/shared';
import { apiData, login, payAtSandbox } from './support';

const calls = (n: number) => n.toLocaleString('en-US');

test('a member buys two years of the API package and sees the calls left', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  const before = await apiData<ApiSurplus>(page, COMMERCE_API.surplus);
  await page.goto('/usercenter/vip/index');
  const card = page.getByRole('region', { name: 'API套餐' });
  // A full page load takes a while on a busy machine.
  await expect(card).toBeVisible({ timeout: 30_000 });
  for (const service of ['政策源库', '标准化政策库', '资助公示查询（近2年）', '高企评分']) {
    await expect(card.getByRole('heading', { name: service, exact: true })).toBeVisible();
  }
  await expect(card.getByTestId('api-balance')).toHaveText(
    before.total === 0 ? '暂未购买' : new RegExp(`^剩余调用 ${calls(before.surplus)} 次`),
  );
  // One purchase for the four services; the keys and calls are on 我的API.
  await expect(card.getByRole('link', { name: /立即购买/ })).toHaveCount(1);
  await expect(card.getByRole('link', { name: '我的API' })).toHaveAttribute('href', '/usercenter/api/keys');
  await card.getByRole('link', { name: '立即购买 API套餐' }).click();
  await expect(page).toHaveURL(/\/usercenter\/apiorder\?gid=14$/);
  await expect(page.getByTestId('api-calls')).toHaveText('50,000 次 × 1 = 50,000 次');
  await expect(page.getByTestId('api-balance')).toHaveText(
    before.total === 0 ? '暂未购买' : new RegExp(`^${calls(before.surplus)} 次`),
  );
  await page.locator('.ant-segmented').getByText('2年').click();
  await expect(page.getByTestId('api-calls')).toHaveText('50,000 次 × 2 = 100,000 次');

  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '立即支付' }).click();
  await payAtSandbox(page);

  await expect(page).toHaveURL(/\/usercenter\/apiPaySuccess\?state=true$/);
  await expect(page.getByText('API套餐开通成功')).toBeVisible({ timeout: 15_000 });
  const after = before.surplus + 100_000;
  await expect(page.getByTestId('api-surplus')).toContainText(calls(after));

  // The card shows the new balance with the package's expiry.
  await page.goto('/usercenter/vip/index');
  await expect(card.getByTestId('api-balance')).toHaveText(
    new RegExp(`^剩余调用 ${calls(after)} 次 · 有效期至 \\d{4}-\\d{2}-\\d{2}$`),
    { timeout: 30_000 },
  );
});
