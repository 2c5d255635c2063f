// Journey: a new company buys a plan through the sandbox payment page, renews it, upgrades with the credit of the
// unused days, and finds the three orders in 我的订单, the upgrade’s detail with its payment (docs/requirements.md §4 order flow).
import { expect, type Page, test } from '@playwright/test';
import { payAtSandbox, registerCompany } from './support';

/** Ticks the agreement, pays with the QR code's sandbox page and waits for the success page. */
async function payThroughSandbox(page: Page) {
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByTestId('pay-qr')).toBeVisible();
  // The stepper is locked while the QR code shows.
  await expect(page.getByRole('radio', { name: '2年' })).toBeDisabled();
  await payAtSandbox(page);
  await expect(page).toHaveURL(/\/usercenter\/paySuccess\?state=true$/);
  await expect(page.getByText('开通成功')).toBeVisible({ timeout: 15_000 });
}

test('a new company buys, renews and upgrades a plan, and sees the orders', async ({ page }) => {
  test.setTimeout(180_000);
  await registerCompany(page, 'shop', 'Shop2024ab');

  await test.step('buy VIP地方版', async () => {
    await page.goto('/usercenter/vip/index#vip');
    await page.getByRole('link', { name: '立即购买 VIP地方版' }).click();
    await expect(page).toHaveURL(/\/usercenter\/taocandetail\?gid=1&state=2&isRenew=0$/);
    await expect(page.getByTestId('order-plan-name')).toHaveText('VIP地方版');
    await expect(page.getByText('仅支持开具普通电子发票')).toBeVisible();
    await expect(page.getByTestId('current-expiry')).toHaveText('—');
    await payThroughSandbox(page);
    await expect(page.getByTestId('opened-plan')).toHaveText('VIP地方版');
    await expect(page.locator('.ant-result').getByText('VIP地方版', { exact: true }).last()).toBeVisible();
  });

  let firstExpiry = '';
  await test.step('renew it from the plan list', async () => {
    firstExpiry = ((await page.getByTestId('opened-expiry').textContent()) ?? '').replace(
      '会员有效期至 ',
      '',
    );
    await page.goto('/usercenter/vip/index');
    await page.getByRole('link', { name: '立即续费 VIP地方版' }).click();
    await expect(page).toHaveURL(/\/usercenter\/taocandetail\?gid=1&state=1&isRenew=1$/);
    await expect(page.getByTestId('current-expiry')).toHaveText(firstExpiry);
    const year = Number(firstExpiry.slice(0, 4));
    await expect(page.getByTestId('new-expiry')).toHaveText(`${year + 1}${firstExpiry.slice(4)}`);
    await payThroughSandbox(page);
    await expect(page.getByTestId('opened-expiry')).toHaveText(
      `会员有效期至 ${year + 1}${firstExpiry.slice(4)}`,
    );
  });

  await test.step('upgrade to VIP专业版 with the credit line', async () => {
    await page.goto('/usercenter/vip/index');
    await page.getByRole('link', { name: '立即升级 VIP专业版' }).click();
    await expect(page).toHaveURL(/\/usercenter\/taocandetail\?gid=13&state=2&isRenew=0$/);
    const lines = page.getByLabel('价格明细');
    await expect(lines.getByText('当前套餐剩余价值抵扣')).toBeVisible();
    await expect(lines).toContainText('-¥');
    await payThroughSandbox(page);
    await expect(page.getByTestId('opened-plan')).toHaveText('VIP专业版');
  });

  await test.step('the three orders are in 我的订单', async () => {
    await page.getByRole('link', { name: '查看我的订单' }).click();
    await expect(page).toHaveURL(/\/usercenter\/order\/list$/);
    const table = page.getByRole('table');
    await expect(table.getByText('已支付')).toHaveCount(3);
    await expect(table.getByText('VIP专业版')).toHaveCount(1);
    await expect(table.getByText('VIP地方版')).toHaveCount(2);
    await page.getByRole('tab', { name: '已支付' }).click();
    await expect(page).toHaveURL(/status=paid/);
    await expect(table.getByText('已支付')).toHaveCount(3);
  });

  await test.step('the upgrade’s detail shows its payment and the plan it opened', async () => {
    // Newest first: the upgrade to VIP专业版 is the first row.
    await page
      .getByRole('button', { name: /^订单详情 \d{20}$/ })
      .first()
      .click();
    const drawer = page.getByTestId('order-detail');
    await expect(drawer.getByRole('region', { name: '订单信息' })).toContainText('VIP专业版');
    await expect(drawer.getByRole('region', { name: '支付记录' })).toContainText('已支付');
    const change = drawer.getByRole('region', { name: '开通结果' });
    await expect(change).toContainText('升级');
    await expect(change).toContainText('VIP地方版 → VIP专业版');
  });
});
