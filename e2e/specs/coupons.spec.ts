// Journey: a new company holds the 新人满减券 its registration gave and binds a card of 专业版8折券 on 我的卡券; on the
// order page of VIP专业版 it chooses the 8折 coupon, pays the lower price through the sandbox page, and finds the coupon
// 已使用 on 我的卡券's 优惠券 tab and what it took off on the order in 我的订单.
import { expect, test } from '@playwright/test';
import { bindInDialog, cardBatch, payAtSandbox, registerCompany } from './support';

/**
 * The demo's coupon templates are seeded in order into a fresh database (apps/server/src/db/seed/coupons.ts):
 * 新人满减券 (满1000减200, every good, given on registration) is the first, 专业版8折券 (8折, at most 1000 off, VIP专业版
 * only) the second.
 */
const PROFESSIONAL_DISCOUNT_TEMPLATE = 2;

test('a new company pays VIP专业版 with its 专业版8折券 and finds the coupon used', async ({ page }) => {
  test.setTimeout(180_000);
  const [card] = await cardBatch(page, '专业版8折券卡', `coupon:${PROFESSIONAL_DISCOUNT_TEMPLATE}`, 1);
  if (!card) throw new Error('no card');
  await registerCompany(page, 'coupon', 'Coupon2024ab', '/usercenter/cards/mine');

  await test.step('bind the coupon card and see both coupons on the 优惠券 tab', async () => {
    await bindInDialog(page, card);
    await expect(page.getByText('已获得：优惠券 专业版8折券')).toBeVisible();
    await page.getByRole('button', { name: '知道了' }).click();
    await page.getByRole('tab', { name: '优惠券' }).click();
    await expect(page).toHaveURL(/\/usercenter\/cards\/mine\?tab=coupons$/);
    const coupons = page.getByRole('list', { name: '优惠券列表' });
    await expect(coupons.getByRole('listitem', { name: '专业版8折券 未使用' })).toContainText(
      '来源：卡券兑换',
    );
    await expect(coupons.getByRole('listitem', { name: '新人满减券 未使用' })).toContainText('满1000减200');
  });

  let outTradeNo = '';
  await test.step('choose the coupon on the order page of VIP专业版 and pay the lower price', async () => {
    await page.goto('/usercenter/vip/index#vip');
    await page.getByRole('link', { name: '立即购买 VIP专业版' }).click();
    await expect(page).toHaveURL(/\/usercenter\/taocandetail\?gid=13&state=2&isRenew=0$/);
    await expect(page.getByTestId('order-plan-name')).toHaveText('VIP专业版');
    outTradeNo = (await page.getByTestId('order-no').textContent()) ?? '';
    expect(outTradeNo).toMatch(/^\d{20}$/);
    await expect(page.getByTestId('coupon-hint')).toHaveText('2 张可用');
    await expect(page.getByTestId('final-price')).toHaveText('¥12800.00');

    await page.getByRole('combobox', { name: '优惠券' }).click();
    const option = page.locator('.ant-select-item-option').filter({ hasText: '专业版8折券' });
    await expect(option).toContainText('-¥1000.00');
    await option.click();
    const lines = page.getByLabel('价格明细');
    await expect(lines.getByText('优惠券（专业版8折券）')).toBeVisible();
    await expect(lines).toContainText('-¥1000.00');
    await expect(page.getByTestId('final-price')).toHaveText('¥11800.00');
    // The same open order, repriced.
    await expect(page.getByTestId('order-no')).toHaveText(outTradeNo);

    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect(page.getByTestId('pay-qr')).toContainText('¥11800.00');
    // The coupon is locked to the order while its QR code shows.
    await expect(page.getByRole('combobox', { name: '优惠券' })).toBeDisabled();
    await payAtSandbox(page);
    await expect(page).toHaveURL(/\/usercenter\/paySuccess\?state=true$/);
    await expect(page.getByText('开通成功')).toBeVisible({ timeout: 15_000 });
  });

  await test.step('the coupon is used, by that order', async () => {
    await page.goto('/usercenter/cards/mine');
    await page.getByRole('tab', { name: '优惠券' }).click();
    const coupons = page.getByRole('list', { name: '优惠券列表' });
    await expect(coupons.getByRole('listitem', { name: '专业版8折券 已使用' })).toContainText(
      `使用订单：${outTradeNo}`,
    );
    await expect(coupons.getByRole('listitem', { name: '新人满减券 未使用' })).toBeVisible();
    await page.getByRole('radiogroup', { name: '优惠券状态' }).getByText('已使用').click();
    await expect(page).toHaveURL(/tab=coupons&status=used$/);
    await expect(coupons.getByRole('listitem')).toHaveCount(1);
  });

  await test.step('我的订单 shows what the coupon took off', async () => {
    await page.goto('/usercenter/order/list');
    const row = page.getByRole('row').filter({ hasText: outTradeNo });
    await expect(row).toContainText('¥11800.00');
    await expect(row).toContainText('已优惠 ¥1000.00');
    await row.getByRole('button', { name: `订单详情 ${outTradeNo}` }).click();
    const order = page.getByTestId('order-detail').getByRole('region', { name: '订单信息' });
    await expect(order).toContainText('-¥1000.00（专业版8折券）');
  });
});
