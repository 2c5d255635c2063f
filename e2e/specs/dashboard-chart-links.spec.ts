// The dashboard's customer charts open 我的客户 filtered to what was clicked, with the total the chart showed: a slice
// of 客户行业分布 (and its legend entry) by industry_code, a bar of 客户区域分布 by area.
import { expect, type Page, test } from '@playwright/test';
import type { DistributionItem } from '@uc/shared';
import { apiData, expectChartDrawn, login } from './support';

const API = {
  industry: '/api/ccw/member/management/getDistributionByIndustry/',
  area: '/api/ccw/member/management/getDistributionByArea/',
} as const;
/** A full page load on a shared machine can take longer than the default 10 s. */
const PAGE_LOAD = { timeout: 30_000 };

const totalText = (count: number) => `共 ${count.toLocaleString('zh-CN')} 家客户`;

async function openDashboard(page: Page) {
  await login(page);
  await expect(page.getByTestId('company-name')).toBeVisible();
}

test('a slice of the industry chart and its legend entry open the list of that industry', async ({
  page,
}) => {
  await openDashboard(page);
  const items = await apiData<DistributionItem[]>(page, API.industry);
  const [top] = items;
  if (!top) throw new Error('demouser has no customers by industry');
  const total = items.reduce((sum, i) => sum + i.count, 0);

  // The largest slice starts at 12 o'clock and runs clockwise: click the middle of its arc, inside the ring.
  await expectChartDrawn(page, 'card-industry');
  const canvas = page.getByTestId('card-industry').locator('canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no industry chart');
  const radius = 0.68 * (Math.min(box.width, box.height) / 2);
  const angle = Math.PI * (top.count / total);
  await canvas.click({
    position: { x: box.width / 2 + radius * Math.sin(angle), y: box.height / 2 - radius * Math.cos(angle) },
  });
  await expect(page).toHaveURL(new RegExp(`/usercenter/customer/list\\?industry_code=${top.key}$`));
  await expect(page.getByTestId('customer-total')).toHaveText(totalText(top.count), PAGE_LOAD);

  // The legend entry of the second industry is a link to its list.
  const second = items[1];
  if (!second) return;
  await page.goBack();
  await page.getByTestId('card-industry').getByRole('link', { name: second.keyname }).click();
  await expect(page).toHaveURL(new RegExp(`industry_code=${second.key}$`));
  await expect(page.getByTestId('customer-total')).toHaveText(totalText(second.count), PAGE_LOAD);
});

test('a bar of the area chart opens the list of that district', async ({ page }) => {
  await openDashboard(page);
  const items = await apiData<DistributionItem[]>(page, API.area, { citycode: '440300' });
  // Drawn as the chart sorts them: ascending, so the last is the top bar.
  const bars = [...items].sort((a, b) => a.count - b.count);
  const top = bars.at(-1);
  if (!top) throw new Error('demouser has no customers in Shenzhen');

  await expectChartDrawn(page, 'card-area');
  const canvas = page.getByTestId('card-area').locator('canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no area chart');
  // The grid leaves 8 px above and below; each district has an equal band, the top one the largest. A click
  // anywhere in the band (right of the names) picks it.
  const band = (box.height - 16) / bars.length;
  await canvas.click({ position: { x: box.width * 0.6, y: 8 + band / 2 } });
  await expect(page).toHaveURL(new RegExp(`/usercenter/customer/list\\?area=${top.key}$`));
  await expect(page.getByTestId('customer-total')).toHaveText(totalText(top.count), PAGE_LOAD);
});
