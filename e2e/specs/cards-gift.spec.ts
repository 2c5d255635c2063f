// Journey: a member buys gift cards for its customers on 购买卡 (the order page, paid through the sandbox page), is
// shown the cards' secrets once and downloads them once as .xlsx, and a new company binds one of them on 我的卡券.
import { expect, test } from '@playwright/test';
import { login, payAtSandbox, registerCompany } from './support';

test('a member buys two 高企评分 cards, sees their secrets once, and a customer binds one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, undefined, '/usercenter/cards/shop');
  await page.getByRole('link', { name: '购买 高企评分50次卡' }).click();
  await expect(page).toHaveURL(/\/usercenter\/cards\/buy\?product=\d+$/);
  await expect(page.getByTestId('order-plan-name')).toHaveText('高企评分50次卡');
  await page.getByRole('radiogroup', { name: '购买数量' }).getByText('2张').click();
  await expect(page.getByText('高企评分50次卡 × 2张')).toBeVisible();
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '立即支付' }).click();
  await payAtSandbox(page);

  await expect(page).toHaveURL(/\/usercenter\/cards\/shop\?paid=\d{20}$/, { timeout: 15_000 });
  const panel = page.getByTestId('gift-cards');
  await panel.getByRole('button', { name: '查看卡号卡密' }).click();
  const rows = panel.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  const cardNo = (await rows.first().locator('td').first().textContent()) ?? '';
  const secret = (await rows.first().locator('code').textContent()) ?? '';
  expect(cardNo).toMatch(/^\d{16}$/);
  expect(secret).toMatch(/^[2-9A-HJKMNP-Z]{16}$/);
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: '下载Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^礼品卡-\d{20}-\d{8}\.xlsx$/);
  await expect(panel.getByRole('button', { name: '已下载' })).toBeDisabled();
  // The secrets are not shown again.
  await page.reload();
  await page.getByTestId('gift-cards').getByRole('button', { name: '查看卡号卡密' }).click();
  await expect(page.getByText('（卡密已显示过，不再显示）')).toBeVisible();
  await expect(page.getByTestId('gift-cards').locator('code')).toHaveCount(0);

  await registerCompany(page, 'gift', 'Gift2024ab', '/usercenter/cards/mine');
  await page.getByRole('button', { name: '绑定卡券' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定卡券' });
  await dialog.getByLabel('卡号').fill(cardNo);
  await dialog.getByLabel('卡密').fill(secret);
  await dialog.getByRole('button', { name: /绑\s*定/ }).click();
  await expect(page.getByText('已获得：高企评分 50次')).toBeVisible();
});
