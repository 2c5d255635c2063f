// Journey: opening an order page creates its order (docs/requirements.md §4), but 我的订单 lists only the orders the
// member tried to pay (docs/decisions.md "Orders nobody tried to pay"): the 集团版 and 至尊版 pages add nothing, entering
// 至尊版 again reuses its order, and once its QR code was shown it is listed, on a 390 px phone too.
import { expect, type Page, test } from '@playwright/test';
import { COMMERCE_API, type Page as ListPage, type OrderListItem } from '@uc/shared';
import { apiData, pageLive, registerCompany } from './support';

const GROUP_PAGE = '/usercenter/taocandetail?gid=11&state=2&isRenew=0';
const SUPREME_PAGE = '/usercenter/taocandetail?gid=6&state=2&isRenew=0';
const PHONE = { width: 390, height: 844 } as const;
const WIDE = { width: 1280, height: 900 } as const;

/** Opens an order page and answers the number of the order it created (or reused). */
async function enter(page: Page, path: string, plan: string): Promise<string> {
  await page.goto(path);
  await expect(page.getByTestId('order-plan-name')).toHaveText(plan, { timeout: 30_000 });
  return page.getByTestId('order-no').innerText();
}

/** 我的订单 on a phone: the numbers it shows, read from the server's answer once the page is live. */
async function listed(page: Page): Promise<string[]> {
  await page.setViewportSize(PHONE);
  await page.goto('/usercenter/order/list');
  await pageLive(page);
  const answer = await apiData<ListPage<OrderListItem>>(page, COMMERCE_API.orderList, { page: 1, size: 50 });
  return answer.list.map((o) => o.out_trade_no);
}

test('the order pages add nothing to 我的订单 until a QR code is shown', async ({ page }) => {
  test.setTimeout(180_000);
  await registerCompany(page, 'untried', 'Untried2024ab');
  await page.setViewportSize(WIDE);
  const group = await enter(page, GROUP_PAGE, '集团版');
  const supreme = await enter(page, SUPREME_PAGE, '至尊版');

  await test.step('我的订单 lists neither order', async () => {
    expect(await listed(page)).toEqual([]);
    await expect(page.locator('.ant-empty-description')).toHaveText('暂无数据');
    await expect(page.getByText(group)).toHaveCount(0);
    await expect(page.getByText(supreme)).toHaveCount(0);
  });

  await test.step('entering 至尊版 again reuses its order; a QR code makes it the member’s', async () => {
    await page.setViewportSize(WIDE);
    expect(await enter(page, SUPREME_PAGE, '至尊版')).toBe(supreme);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect(page.getByTestId('pay-qr')).toBeVisible();
  });

  await test.step('我的订单 lists the 至尊版 order only', async () => {
    expect(await listed(page)).toEqual([supreme]);
    await expect(page.getByText(supreme).first()).toBeVisible();
    await expect(page.getByText(group)).toHaveCount(0);
  });
});
