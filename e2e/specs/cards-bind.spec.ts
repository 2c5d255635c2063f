// Journey: an operator's batch of plan cards (the CSV `npm run cards -- create-batch` writes), one of them bound by a
// new company on 我的卡券: its membership is the card's plan, the card is listed with what it gave, and a second bind
// of the same card by another company is refused with the one failure message.
import { expect, type Page, test } from '@playwright/test';
import { COMMERCE_API, DAY_MS, type Envelope, type ExpiredTime } from '@uc/shared';
import { apiData, registerCompany } from './support';

/** A batch written by the cards command on the server, as its CSV rows. */
async function cardBatch(page: Page, grant: string, count: number) {
  const expires = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
  const res = await page.request.post('/__dev/cards', {
    data: { name: '专业版年卡', grant, count: String(count), expires },
  });
  const body = (await res.json()) as Envelope<{ csv: string }>;
  expect(res.status(), body.message).toBe(200);
  const [header, ...rows] = body.data.csv.trim().split('\n');
  expect(header).toBe('card_no,card_secret');
  return rows.map((row) => {
    const [no = '', secret = ''] = row.split(',');
    return { no, secret };
  });
}

async function bindInDialog(page: Page, card: { no: string; secret: string }) {
  await page.getByRole('button', { name: '绑定卡券' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定卡券' });
  await dialog.getByLabel('卡号').fill(card.no);
  // Typed as a person would: lower case, in groups of four.
  await dialog.getByLabel('卡密').fill(card.secret.toLowerCase().replace(/(.{4})(?=.)/g, '$1 '));
  await dialog.getByRole('button', { name: /绑\s*定/ }).click();
}

test('a new company binds a plan card and becomes a member of its plan', async ({ page }) => {
  test.setTimeout(180_000);
  const [card] = await cardBatch(page, 'plan:13:1', 2);
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
