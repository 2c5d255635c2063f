// Journey: the member keeps one open order per plan (the server reuses and reprices it) however often the order page
// is entered, the quantity changed or the QR code dismissed with 修改订单, and 继续支付 of 我的订单 resumes that
// order at its quantity (docs/requirements.md §4 order flow).
import { expect, test } from '@playwright/test';
import { COMMERCE_API, type Page as ListPage, type OrderListItem } from '@uc/shared';
import { apiData, login } from './support';

const UPGRADE = '/usercenter/taocandetail?gid=6&state=2&isRenew=0';

test('one 待支付 order per plan after several visits and quantities, resumed by 继续支付 with its quantity', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page);
  const orderNo = page.getByTestId('order-no');
  const lines = page.getByLabel('价格明细');
  const years = page.locator('.ant-segmented');

  await page.goto(UPGRADE);
  // A full load of the order page (its chunks, the session, then the order) takes a while on a busy machine.
  await expect(page.getByTestId('order-plan-name')).toHaveText('至尊版', { timeout: 30_000 });
  const first = await orderNo.innerText();

  await test.step('a new quantity, a reload and a second entry reprice the same order', async () => {
    await years.getByText('3年').click();
    await expect(lines).toContainText('至尊版 × 3年');
    await expect(orderNo).toHaveText(first);
    await page.reload();
    await expect(lines).toContainText('至尊版 × 1年', { timeout: 30_000 });
    await expect(orderNo).toHaveText(first);
    await page.goto('/usercenter/vip/index');
    await page.getByRole('link', { name: '立即升级 至尊版' }).click({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`${UPGRADE.replaceAll('?', '\\?')}$`));
    await expect(orderNo).toHaveText(first);
  });

  await test.step('a QR code, 修改订单 and two years: still the same order', async () => {
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect(page.getByTestId('pay-qr')).toBeVisible();
    await page.getByRole('button', { name: /修改订单/ }).click();
    await years.getByText('2年').click();
    await expect(lines).toContainText('至尊版 × 2年');
    await expect(orderNo).toHaveText(first);
  });

  await test.step('我的订单 lists one 待支付 order per plan', async () => {
    await page.goto('/usercenter/order/list?status=pending');
    const rows = page.getByRole('row').filter({ hasText: '至尊版' });
    await expect(rows).toHaveCount(1, { timeout: 30_000 });
    await expect(rows).toContainText(first);
    await expect(rows).toContainText('2年');
    const pending = await apiData<ListPage<OrderListItem>>(page, COMMERCE_API.orderList, {
      page: 1,
      size: 50,
      status: 'pending',
    });
    const gids = pending.list.map((o) => o.gid);
    expect(new Set(gids).size, 'no plan has two open orders').toBe(gids.length);
    expect(pending.list.find((o) => o.gid === 6)).toMatchObject({
      out_trade_no: first,
      count: 2,
      payable: true,
    });
  });

  await test.step('继续支付 opens that order again at two years', async () => {
    await page.getByRole('link', { name: `继续支付 ${first}` }).click();
    await expect(page).toHaveURL(/\/usercenter\/taocandetail\?gid=6&state=2&isRenew=0&count=2$/);
    await expect(orderNo).toHaveText(first);
    await expect(lines).toContainText('至尊版 × 2年');
    await expect(page.getByRole('radio', { name: '2年' })).toBeChecked();
  });
});
