// 我的客户: every customer tile of the dashboard opens the list filtered to what it counts (same total, kept on
// reload), the filters write the URL, a row opens the customer's detail drawer, and 导出 downloads the .xlsx.
import { expect, test } from '@playwright/test';
import type { CustomerItem, Page as ListPage } from '@uc/shared';
import { apiData, DEMO, login } from './support';

const TILES = ['服务客户总数', '高新技术企业', '可申报客户', '公示客户', '政策匹配客户'] as const;
/** A full page load (the reload) on a shared machine can take longer than the default 10 s. */
const PAGE_LOAD = { timeout: 30_000 };

for (const label of TILES) {
  test(`the ${label} tile opens the list with the same total, kept on reload`, async ({ page }) => {
    await login(page);
    const tile = page.getByTestId('card-customers').getByRole('link', { name: new RegExp(`^${label}`) });
    const value = (await tile.getByTestId('stat-value').textContent())?.trim() ?? '';
    expect(value, label).toMatch(/^[\d,]+$/);
    await tile.click();
    await expect(page).toHaveURL(/\/usercenter\/customer\/list/);
    await expect(page.getByTestId('customer-total')).toHaveText(`共 ${value} 家客户`, PAGE_LOAD);
    await page.reload();
    await expect(page.getByTestId('customer-total'), 'after reload').toHaveText(
      `共 ${value} 家客户`,
      PAGE_LOAD,
    );
  });
}

test('the filters live in the URL, a row opens its drawer, and the list exports to .xlsx', async ({
  page,
}) => {
  await login(page, DEMO, '/usercenter/customer/list?is_hightech=1&sort=reg_capital&order=desc');
  const first = await apiData<ListPage<CustomerItem>>(page, '/api/ccw/member/management/getCustomers/', {
    is_hightech: 1,
    sort: 'reg_capital',
    order: 'desc',
  });
  const table = page.getByTestId('customer-list-page').locator('.ant-table');
  const top = first.list[0];
  if (!top) throw new Error('the demo member has no high-tech customer');
  await expect(table.getByRole('row').nth(1)).toContainText(top.cus_name);
  await expect(page.getByTestId('customer-total')).toHaveText(
    `共 ${first.total.toLocaleString('zh-CN')} 家客户`,
  );

  // A name search is added to the URL, the other filters kept.
  const word = top.cus_name.slice(3, 5);
  await page.getByLabel('企业名称').fill(word);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(word)}`));
  await expect(page).toHaveURL(/is_hightech=1/);
  const searched = await apiData<ListPage<CustomerItem>>(page, '/api/ccw/member/management/getCustomers/', {
    is_hightech: 1,
    name: word,
  });
  await expect(page.getByTestId('customer-total')).toHaveText(
    `共 ${searched.total.toLocaleString('zh-CN')} 家客户`,
  );

  // The drawer shows the customer's company, IP, grade and the rest.
  await table.getByRole('row').nth(1).getByText(top.cus_name).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('customer-company')).toContainText(top.cus_name);
  await expect(drawer.getByTestId('customer-company')).toContainText(top.industry_name);
  await expect(drawer.getByTestId('customer-ip')).toContainText('发明专利');
  await expect(drawer.getByTestId('customer-grade')).toContainText('评级');
  await expect(drawer.getByTestId('customer-qualifications')).toContainText('高新技术企业');
  await expect(drawer.getByTestId('customer-projects')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('customer-company')).toBeHidden();

  // 导出 downloads the filtered list under a dated name.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^我的客户-\d{8}\.xlsx$/);
  const path = await file.path();
  expect(path).toBeTruthy();
});
