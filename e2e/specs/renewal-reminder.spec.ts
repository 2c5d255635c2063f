// 续费提醒 on a phone (390 px): a member whose plan ends in 7 days gets the reminder in the bell (消息中心), opens its
// link and reaches the renewal order of its own plan. With SHOTS_DIR set it keeps
// screenshots of the bell, 消息中心 and the order page.
import { expect, test } from '@playwright/test';
import { type Envelope, MSG } from '@uc/shared';
import { bindInDialog, cardBatch, pageLive, registerCompany, reviewShot } from './support';

test('the 7-day reminder reaches the bell and leads to the renewal order of the plan', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // A new member with VIP专业版 for a year (a plan card), then its plan made to end in 7 days.
  const [card] = await cardBatch(page, '专业版年卡', 'plan:13:1', 1);
  if (!card) throw new Error('no card');
  const { username } = await registerCompany(page, 'renew', 'Renew2024ab', '/usercenter/cards/mine');
  await pageLive(page);
  await bindInDialog(page, card);
  await expect(page.getByText('已获得：VIP专业版 1年')).toBeVisible();
  const ran = await page.request.post('/__dev/renewal', { data: { username, days: 7 } });
  expect(ran.status()).toBe(200);
  expect(((await ran.json()) as Envelope<{ sent: number }>).data.sent).toBeGreaterThanOrEqual(1);

  await page.goto('/usercenter/dashboard');
  await pageLive(page);
  // The dashboard's own banner already counts the 7 days.
  await expect(page.getByText(/剩余\s*7\s*天/).first()).toBeVisible();
  const bell = page.getByTestId('header-bell');
  await expect(bell).toHaveAccessibleName(/消息中心，\d+条未读/);
  await bell.click();
  const latest = page.getByRole('list', { name: '最新未读消息' });
  await expect(latest).toContainText(MSG.renewalDueTitle);
  // The bell's panel over the page, as the member sees it.
  await reviewShot(page, `renewal-reminder-bell-390.png`, false);

  await page.getByRole('link', { name: '查看全部' }).click();
  await expect(page).toHaveURL(/\/usercenter\/message\/list$/);
  const item = page.getByRole('listitem').filter({ hasText: MSG.renewalDueTitle });
  await expect(item).toContainText('剩余7天');
  await expect(item).toContainText('VIP专业版');
  await reviewShot(page, `renewal-reminder-inbox-390.png`);

  await item.getByRole('link', { name: MSG.renewalDueTitle }).click();
  await expect(page).toHaveURL(/\/usercenter\/taocandetail\?gid=13&state=1&isRenew=1$/);
  await expect(page.getByTestId('order-plan-name')).toHaveText('VIP专业版', { timeout: 30_000 });
  await reviewShot(page, `renewal-order-390.png`);
});
