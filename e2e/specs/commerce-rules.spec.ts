// The order page's refusals: no agreement (for the QR code and for the bank transfer alike), no login, a
// sub-account (docs/requirements.md §4, §5 Payment, §6).

import { expect, test } from '@playwright/test';
import {
  COMMERCE_API,
  fillPath,
  type Page as ListPage,
  MSG,
  type OrderDetail,
  type OrderListItem,
} from '@uc/shared';
import { apiData, DEMO, login, SUB } from './support';

test('paying without ticking the agreement is refused with the message', async ({ page }) => {
  await login(page, DEMO, '/usercenter/vip/index');
  await page.getByRole('link', { name: '立即续费 VIP专业版' }).click();
  await expect(page.getByTestId('order-plan-name')).toHaveText('VIP专业版');
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.locator('.ant-message').getByText(MSG.agreementRequired)).toBeVisible();
  await expect(page.getByTestId('pay-qr')).toHaveCount(0);
  await expect(page.getByRole('timer')).toContainText('剩余支付时间');
});

test('asking for the bank transfer without ticking the agreement is refused with the message', async ({
  page,
}) => {
  await login(page, DEMO, '/usercenter/taocandetail?gid=13&state=1&isRenew=1');
  const orderNo = await page.getByTestId('order-no').innerText();
  await page.getByRole('button', { name: '获取对公转账信息' }).click();
  await expect(page.locator('.ant-message').getByText(MSG.agreementRequired)).toBeVisible();
  await expect(page.getByTestId('transfer-remark')).toHaveCount(0);
  await expect(page.getByText('收款户名')).toHaveCount(0);
  // The order still waits for a payment: it was not moved to the transfer, and nobody tried to pay it, so 我的订单
  // does not list it (docs/decisions.md "Orders nobody tried to pay").
  const order = await apiData<OrderDetail>(page, fillPath(COMMERCE_API.orderDetail, orderNo));
  expect(order).toMatchObject({ status: 'created', attempts: [] });
  const listed = await apiData<ListPage<OrderListItem>>(page, COMMERCE_API.orderList, { page: 1, size: 50 });
  expect(listed.list.map((o) => o.out_trade_no)).not.toContain(orderNo);
  await expect(page.getByRole('button', { name: '立即支付' })).toBeEnabled();
});

test('the order page asks a visitor to log in first', async ({ page }) => {
  await page.goto('/usercenter/taocandetail?gid=13&state=2&isRenew=0');
  await expect(page).toHaveURL(/\/usercenter\/checklogin\/index\?redirect=/);
});

test('a sub-account is refused the package pages', async ({ page }) => {
  await login(page, SUB);
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
