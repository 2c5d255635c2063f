// 我的订阅 and 推送设置: every tab pages and matches the API, a member with nothing sees 暂无数据, settings are saved
// and reloaded, a trial user is asked to upgrade, a published matching item reaches the open dashboard as a push,
// and a tab exports to .xlsx.
import { expect, type Page, test } from '@playwright/test';
import { type Page as ListPage, MSG, type RecommendedProject, SUB_TABS, SUBSCRIBE_API } from '@uc/shared';
import { addKeyword, apiData, DEMO, login, pushConnected, TRIAL } from './support';

const table = (page: Page) => page.getByTestId('sub-list-page').locator('.ant-table-tbody');
const rows = (page: Page) => table(page).locator('tr.ant-table-row');

for (const tab of SUB_TABS.filter((t) => t.key !== 'dyxm')) {
  test(`我的订阅 ${tab.name} lists what the API holds, pages through the URL and keeps the tab on reload`, async ({
    page,
  }) => {
    await login(page);
    const data = await apiData<ListPage<unknown>>(page, SUBSCRIBE_API.subList, { activeName: tab.key });
    expect(data.total, tab.key).toBeGreaterThan(0);
    await page.goto(`/usercenter/sub/list?activeName=${tab.key}`);
    await expect(page.getByRole('tab', { name: tab.name, selected: true })).toBeVisible();
    await expect(rows(page)).toHaveCount(Math.min(10, data.total));
    await expect(page.getByText(`共 ${data.total} 条`)).toBeVisible();
    if (data.total > 10) {
      await page.getByRole('listitem', { name: '2', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`activeName=${tab.key}.*page=2`));
      await expect(rows(page)).toHaveCount(Math.min(10, data.total - 10));
      await page.reload();
      await expect(page.getByRole('tab', { name: tab.name, selected: true })).toBeVisible();
      await expect(page.getByRole('listitem', { name: '2', exact: true })).toHaveClass(
        /ant-pagination-item-active/,
      );
    }
  });
}

test('a tab click keeps the tab in the URL; a search with no match shows 暂无数据', async ({ page }) => {
  await login(page, DEMO, '/usercenter/sub/list?activeName=sbtz');
  await page.getByRole('tab', { name: '政策动态' }).click();
  await expect(page).toHaveURL(/activeName=zcdt/);
  // The URL changes before React draws the new tab, whose search box is a new one: type only once it is drawn.
  await expect(page.getByRole('tab', { name: '政策动态', selected: true })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  const searchbox = page.getByRole('searchbox', { name: '搜索标题' });
  await searchbox.fill('没有这样的标题');
  await expect(searchbox).toHaveValue('没有这样的标题');
  await page.getByTestId('sub-list-page').getByRole('button', { name: 'search' }).click();
  await expect(page).toHaveURL(/title=/);
  await expect(table(page).locator('.ant-empty-description')).toContainText('暂无数据');
});

test('a recommended project opens its notice and its matching customers', async ({ page }) => {
  await login(page, DEMO, '/usercenter/sub/list?activeName=tjxm');
  // Its count opens the customers of its 申报通知, on the notice's page.
  const linked = rows(page)
    .filter({ has: page.locator('a.uc-item-link') })
    .first();
  await linked.getByRole('link', { name: /的匹配客户/ }).click();
  await expect(page).toHaveURL(/\/usercenter\/policy\/detail\?id=\d+#customers$/);
  await expect(page.getByRole('region', { name: '匹配的客户' })).toBeInViewport();
  // A project whose notice is not known opens its customers here (the dashboard links there with ?pid=).
  const projects = await apiData<ListPage<RecommendedProject>>(page, SUBSCRIBE_API.subList, {
    activeName: 'tjxm',
    size: 100,
  });
  const plain = projects.list.find((p) => p.item_id === null);
  if (!plain) return;
  await page.goto(`/usercenter/sub/list?activeName=tjxm&pid=${plain.mid}`);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(/匹配客户/).first()).toBeVisible();
  await expect(drawer.locator('tr.ant-table-row').first()).toBeVisible();
});

test('a member with no customers, publicity or settings sees 暂无数据', async ({ page }) => {
  await login(page, TRIAL);
  for (const tab of ['tjxm', 'wdgs', 'dyxm']) {
    await page.goto(`/usercenter/sub/list?activeName=${tab}`);
    await expect(table(page).locator('.ant-empty-description'), tab).toContainText('暂无数据');
    await expect(page.getByText(/共 \d+ 条/)).toHaveCount(0);
  }
});

test('push settings are saved and read back; 订阅项目 lists what they select', async ({ page }) => {
  await login(page, DEMO, '/usercenter/sub/settings');
  await expect(page.getByText('您还没有设置订阅条件', { exact: false })).toBeVisible();
  await page.getByRole('checkbox', { name: '申报通知' }).check();
  // The keyword is a tag once the select took the Enter: saving before that would save no keyword.
  await addKeyword(page, '深圳');
  await page.getByRole('checkbox', { name: '邮件' }).check();
  await page.getByRole('button', { name: /保存设置/ }).click();
  await expect(page.getByText(MSG.pushSettingsSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: '申报通知' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '公示公告' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: '邮件' })).toBeChecked();
  await expect(page.locator('.ant-select-selection-item', { hasText: '深圳' })).toBeVisible();
  await expect(page.getByText(/上次保存：/)).toBeVisible();

  const feed = await apiData<ListPage<{ title: string }>>(page, SUBSCRIBE_API.subList, {
    activeName: 'dyxm',
  });
  expect(feed.total).toBeGreaterThan(0);
  await page.goto('/usercenter/sub/list?activeName=dyxm');
  await expect(rows(page).first()).toContainText(feed.list[0]?.title ?? '');
  await expect(page.getByText(`共 ${feed.total} 条`)).toBeVisible();
});

test('a trial user’s 推送设置 asks to upgrade and leads to the package page', async ({ page }) => {
  await login(page, TRIAL);
  await page
    .getByRole('navigation', { name: '快捷导航' })
    .getByRole('link', { name: /推送设置/ })
    .click();
  await expect(page.getByText(MSG.noPushPermission)).toBeVisible();
  await page.getByRole('button', { name: '升级会员' }).click();
  await expect(page).toHaveURL(/\/usercenter\/vip\/index$/);
});

test('a newly published matching item reaches the open dashboard as a push', async ({ page }) => {
  // The dashboard is on screen from its HTML before the app (and its push socket) runs: wait for the socket.
  const live = pushConnected(page);
  await login(page);
  await live;
  const token = (await page.context().cookies()).find((c) => c.name === 'CCW-Token')?.value ?? '';
  // Settings that select 申报通知 in Shenzhen titled with 数字经济.
  const form = new URLSearchParams({
    types: 'sbtz',
    regions: '440300',
    keywords: '数字经济',
    channels: 'site',
  });
  const saved = await page.request.post(SUBSCRIBE_API.updateConfig, {
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    data: form.toString(),
  });
  expect(saved.status()).toBe(200);
  await expect(page.getByTestId('card-subscriptions')).toBeVisible();
  const title = `关于申报深圳市数字经济专项资金的通知（${Date.now()}）`;
  const published = await page.request.post('/__dev/publish', {
    data: { type: 'sbtz', title, dept: '深圳市工业和信息化局', city: '440300' },
  });
  expect(published.status()).toBe(200);
  await expect(page.getByText(`订阅推送：${title}`)).toBeVisible();
  await page.goto('/usercenter/sub/list?activeName=dyxm');
  await expect(rows(page).first()).toContainText(title);
});

test('a tab exports to .xlsx named by the tab and the date', async ({ page }) => {
  await login(page, DEMO, '/usercenter/sub/list?activeName=sbtz');
  await expect(rows(page).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^我的订阅-申报通知-\d{8}\.xlsx$/);

  await page.goto('/usercenter/sub/list?activeName=wdgs');
  await expect(rows(page).first()).toBeVisible();
  const publicity = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出/ }).click();
  expect((await publicity).suggestedFilename()).toMatch(/^我的公示-\d{8}\.xlsx$/);
});
