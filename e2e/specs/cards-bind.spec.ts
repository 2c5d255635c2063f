// Journey: an operator's batch of plan cards (the CSV `npm run cards -- create-batch` writes), one of them bound by a
// new company on 我的卡券: its membership is the card's plan, the card is listed with what it gave, and a second bind
// of the same card by another company is refused with the one failure message.
import { expect, test } from '@playwright/test';
import { COMMERCE_API, DAY_MS, type ExpiredTime } from '@uc/shared';
import { apiData, bindInDialog, cardBatch, registerCompany } from './support';

test('a new company binds a plan card and becomes a member of its plan', async ({ page }) => {
  test.setTimeout(180_000);
  const [card] = await cardBatch(page, '专业版年卡', 'plan:13:1', 2);
  if (!card) throw new Error('no card');
  await registerCompany(page, 'card', 'Card2024ab', '/usercenter/cards/mine');
  await expect(page.getByText('暂无数据，绑定卡券后在此查看')).toBeVisible();

  await bindInDialog(page, card);
  await expect(page.getByText('已获得：VIP专业版 1年')).toBeVisible();
  await page.getByRole('button', { name: '知道了' }).click();
  // The session is read again: the plan's VIP tools are in the menu.
  await expect(page.getByRole('navigation', { name: '侧边菜单' }).getByText('高企评分')).toBeVisible();
  await expect(page.getByRole('cell', { name: card.no })).toBeVisible();
  await expect(page.getByRole('cell', { name: /VIP专业版 1年/ })).toBeVisible();
  const plan = await apiData<ExpiredTime>(page, COMMERCE_API.expiredTime);
  expect(plan.gid).toBe(13);
  const days = (Date.parse(plan.expired_time ?? '') - Date.now()) / DAY_MS;
  expect(days).toBeGreaterThan(360);

  // Another company cannot bind the same card.
  await registerCompany(page, 'card', 'Card2024ab', '/usercenter/cards/mine');
  await bindInDialog(page, card);
  await expect(page.getByText('卡号或卡密错误')).toBeVisible();
  await expect(page.getByText('暂无数据，绑定卡券后在此查看')).toBeVisible();
});
