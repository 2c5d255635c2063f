// Journeys inside the member layout: header, sidebar, breadcrumb, dynamic routes, the iframe area and logout.
import { expect, test } from '@playwright/test';
import { apiData, cookieNames, DEMO, login, loginWithForm } from './support';

test('demouser logs in through the form and sees the layout with sidebar, breadcrumb, name and badge', async ({
  page,
}) => {
  await loginWithForm(page);
  await expect(page.getByTestId('header-user-name')).toHaveText('demouser');
  const sidebar = page.getByRole('navigation', { name: '侧边菜单' });
  await expect(sidebar.getByText('会员中心')).toBeVisible();
  await expect(sidebar.getByText('会员服务')).toBeVisible();
  await expect(sidebar.getByText('账户设置')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('会员中心');
  await expect(page.getByText('深圳市前海智汇科技有限公司').first()).toBeVisible();
  await expect(page.getByText('VIP专业版').first()).toBeVisible();
});

test('a refresh on a dynamic route stays on it', async ({ page }) => {
  await login(page, DEMO, '/usercenter/account/safe');
  await expect(page).toHaveURL(/\/usercenter\/account\/safe$/);
  await page.reload();
  await expect(page).toHaveURL(/\/usercenter\/account\/safe$/);
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('账户安全');
});

test('the iframe area shows a tool page and follows its height', async ({ page, baseURL }) => {
  await login(page);
  const tool = `${baseURL}/__dev/tool`;
  await page.goto(`/usercenter/dashboard?redirect=${encodeURIComponent(tool)}`);
  const frame = page.frameLocator('iframe[data-testid="tool-iframe"]');
  await expect(frame.getByRole('heading', { name: '示例工具' })).toBeVisible();
  await expect
    .poll(async () => (await page.getByTestId('tool-iframe').boundingBox())?.height ?? 0)
    .toBeGreaterThan(1000);
});

test('an iframe URL outside the configured tool hosts is ignored', async ({ page }) => {
  await login(
    page,
    DEMO,
    `/usercenter/dashboard?redirect=${encodeURIComponent('https://evil.example.com/')}`,
  );
  await expect(page.getByText('深圳市前海智汇科技有限公司').first()).toBeVisible();
  await expect(page.getByTestId('tool-iframe')).toHaveCount(0);
});

test('log out returns to login and clears the cookies', async ({ page }) => {
  await login(page);
  expect(await cookieNames(page)).toContain('CCW-Token');
  await page.getByTestId('header-user-name').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page
    .getByRole('button', { name: /确定|退出/ })
    .last()
    .click();
  await expect(page).toHaveURL(/\/usercenter\/checklogin\/index/);
  const names = await cookieNames(page);
  for (const name of ['CCW-Token', 'CCW-User', 'CCW-ID', 'CCW-Site', 'cityinfo', 'isReLogin']) {
    expect(names, name).not.toContain(name);
  }
});

test('the tab title names the site once', async ({ page }) => {
  await login(page);
  await expect(page).toHaveTitle('查策网 - 会员中心');
  await page.goto('/usercenter/news');
  await expect(page).toHaveTitle('最新发布 - 查策网 - 会员中心');
});

test('the API payment result highlights API套餐 in the sidebar, the membership one 会员套餐', async ({
  page,
}) => {
  await login(page);
  const selected = page.getByRole('navigation', { name: '侧边菜单' }).locator('.ant-menu-item-selected');
  await page.goto('/usercenter/apiPaySuccess');
  await expect(selected).toHaveText('API套餐');
  await page.goto('/usercenter/paySuccess');
  await expect(selected).toHaveText('会员套餐');
});

test.describe('in a browser outside UTC+8', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the dashboard and 账户信息 show the same Shanghai expiry date', async ({ page }) => {
    await login(page);
    const { expired_time } = await apiData<{ expired_time: string }>(
      page,
      '/api/ccw/member/management/getCusInfo/',
    );
    // Shanghai is UTC+8 all year.
    const shanghaiDay = new Date(Date.parse(expired_time) + 8 * 3_600_000).toISOString().slice(0, 10);
    await expect(page.getByTestId('expiry-warning')).toContainText(`会员有效期至 ${shanghaiDay}`);
    // In the app (no reload): the avatar menu's 账户信息.
    await page.getByTestId('header-user-name').click();
    await page.getByRole('menuitem', { name: '账户信息' }).click();
    await expect(page.getByTestId('account-info-page')).toContainText(shanghaiDay);
  });
});
