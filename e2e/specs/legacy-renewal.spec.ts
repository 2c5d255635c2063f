// Journey at 390 px (docs/decisions.md "Legacy levels and changes of plan"): goldvip01 (黄金会员, no plan id, a year
// left) renews its level from the VIP page through the sandbox payment page; on a fresh database it moves to 至尊版
// instead, paying the price less the credit of its gold days. Each part starts a server of its own (a fresh SQLite
// database: other journeys change goldvip01's password), so the journey runs in the SQLite project only.
import { expect, type Page, test } from '@playwright/test';
import { confirmAtSandbox, login, type OwnServer, pageLive, reviewShot, startOwnServer } from './support';

const GOLD = { username: 'goldvip01', password: 'Gold12345' } as const;
const PHONE = { width: 390, height: 844 } as const;
/** A year of 黄金会员 is ¥12,800; the seed leaves 365 days, so 364 whole days are left when the journey buys. */
const GOLD_CREDIT_FEN = Math.floor((1_280_000 * 364) / 365);
const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

let server: OwnServer | undefined;

test.beforeEach(async () => {
  server = await startOwnServer();
});
test.afterEach(() => {
  server?.stop();
});

/** goldvip01 signed in on a phone-sized page of the journey's own server, at the VIP page. */
async function goldAtVipPage(browser: import('@playwright/test').Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server?.origin, viewport: PHONE });
  const page = await context.newPage();
  await login(page, GOLD, '/usercenter/vip/index');
  await pageLive(page);
  return page;
}

/** Ticks the agreement, pays with the sandbox page and waits for the success page. */
async function payThroughSandbox(page: Page) {
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByTestId('pay-qr')).toBeVisible();
  // The QR's 模拟支付 link names the server's public address (localhost, the port it was asked for: 0 here).
  const link = new URL((await page.getByRole('link', { name: /无法扫码/ }).getAttribute('href')) ?? '');
  await confirmAtSandbox(page, `${server?.origin}${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/usercenter\/paySuccess\?state=true$/);
  await expect(page.getByText('开通成功')).toBeVisible({ timeout: 15_000 });
}

test('goldvip01 renews 黄金会员 from the VIP page', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await goldAtVipPage(browser);
  const own = page.getByLabel('黄金会员', { exact: true });
  await expect(own.getByText('¥12800', { exact: true })).toBeVisible();
  const renew = page.getByRole('link', { name: '立即续费 黄金会员' });
  await expect(renew).toBeVisible();
  await expect(page.getByRole('link', { name: '立即升级 至尊版' })).toBeVisible();
  await expect(page.getByRole('link', { name: '到期后切换 VIP专业版' })).toBeVisible();
  await reviewShot(page, `legacy-vip-page-390.png`);

  await renew.click();
  await expect(page).toHaveURL(/\/usercenter\/taocandetail\?gid=30&state=1&isRenew=1$/);
  await expect(page.getByTestId('order-plan-name')).toHaveText('黄金会员');
  const current = (await page.getByTestId('current-expiry').textContent()) ?? '';
  const year = Number(current.slice(0, 4));
  await expect(page.getByTestId('new-expiry')).toHaveText(`${year + 1}${current.slice(4)}`);
  await expect(page.getByTestId('final-price')).toContainText('12800');
  await payThroughSandbox(page);
  await expect(page.getByTestId('opened-expiry')).toHaveText(`会员有效期至 ${year + 1}${current.slice(4)}`);
  await page.context().close();
});

test('goldvip01 moves to 至尊版 paying the price less the credit of its gold days', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await goldAtVipPage(browser);
  const supreme = page.getByLabel('至尊版', { exact: true });
  await expect(supreme.getByTestId('plan-credit')).toHaveText(
    `当前套餐剩余价值可抵扣 ${yuan(GOLD_CREDIT_FEN)}`,
  );
  await page.getByRole('link', { name: '立即升级 至尊版' }).click();
  await expect(page).toHaveURL(/\/usercenter\/taocandetail\?gid=6&state=2&isRenew=0$/);
  const lines = page.getByLabel('价格明细');
  await expect(lines.getByText('当前套餐剩余价值抵扣')).toBeVisible();
  // ¥19,800 less ¥12,764.93: ¥7,035.07.
  await expect(page.getByTestId('final-price')).toContainText(yuan(1_980_000 - GOLD_CREDIT_FEN).slice(1));
  await reviewShot(page, `legacy-move-order-390.png`);
  await payThroughSandbox(page);
  await expect(page.getByTestId('opened-plan')).toHaveText('至尊版');
  await page.context().close();
});
