// Journey: a trial member buys a pack of 高企评分 credits from 我的工具 (the pack order page, paid through the sandbox
// page), comes back to 我的工具 with the credits, and opens 高企评分 with them: an evaluation on what the platform knows
// alone waits for answers (资料待补充) and takes none, as the result says.
import { expect, test } from '@playwright/test';
import { MSG, type MyTool, TOOLS_API } from '@uc/shared';
import { apiData, login, PAYPER, payAtSandbox, pickCustomer } from './support';

const htsCredits = async (page: Parameters<typeof apiData>[0]) =>
  (await apiData<MyTool[]>(page, TOOLS_API.mine)).find((t) => t.code === 'hts_score')?.credits ?? 0;

test('a trial member buys 10 uses of 高企评分; an evaluation waiting for answers takes none', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, PAYPER, '/usercenter/tools/mine');
  const before = await htsCredits(page);
  const card = page.getByTestId('my-tool-hts_score');
  await card.getByRole('link', { name: '购买次数 高企评分' }).click();
  await expect(page).toHaveURL(/\/usercenter\/tools\/buy\?tool=hts_score$/);
  await expect(page.getByTestId('order-plan-name')).toHaveText('高企评分次数包（10次）');
  const packs = page.getByRole('radiogroup', { name: '选择次数包' });
  await packs.getByText(/^200次/).click();
  await expect(page.getByTestId('order-plan-name')).toHaveText('高企评分次数包（200次）');
  await packs.getByText(/^10次/).click();
  await expect(page.getByTestId('credit-uses')).toHaveText('10 次 × 1 = 10 次');
  await expect(page.getByTestId('credit-expiry')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);

  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '立即支付' }).click();
  await payAtSandbox(page);

  await expect(page).toHaveURL(/\/usercenter\/tools\/mine\?paid=hts_score$/, { timeout: 15_000 });
  await expect(page.getByTestId('credits-paid')).toHaveText('支付成功，高企评分的使用次数已到账');
  await expect(card.getByText('按次使用')).toBeVisible();
  await expect(card.getByText(`剩余 ${before + 10} 次`)).toBeVisible();

  // The menu now opens 高企评分 for it; a result that waits for answers is free (a complete one takes a use).
  await card.getByRole('button', { name: '打开 高企评分' }).click();
  await expect(page).toHaveURL(/\/usercenter\/hts\/identification\/score$/);
  await expect(page.getByTestId('credits-left')).toHaveText(`按次使用 · 剩余 ${before + 10} 次`);
  await pickCustomer(page, '下一步');
  await page.getByRole('button', { name: '开始评分' }).click();
  await expect(page.getByTestId('hts-result').getByText('创新能力评价得分')).toBeVisible();
  await expect(page.getByTestId('use-cost')).toHaveText(MSG.useIncomplete);
  await expect(page.getByTestId('credits-left')).toHaveText(`按次使用 · 剩余 ${before + 10} 次`);
  expect(await htsCredits(page)).toBe(before + 10);
});
