// The dashboard for a visitor, a trial user and a sub-account (docs/requirements.md §6).
import { expect, test } from '@playwright/test';
import { bringIntoView, login, SUB, TRIAL } from './support';

test('a visitor sees the page with 游客 and login prompts, and calls no member data', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/(api|account|tools)\//.test(path)) calls.push(path);
  });
  await page.goto('/usercenter/dashboard');
  await expect(page.getByRole('heading', { name: '游客' })).toBeVisible();
  await expect(page.locator('.uc-dash-hero').getByRole('link', { name: '登录' })).toHaveAttribute(
    'href',
    '/usercenter/checklogin/index?redirect=/dashboard',
  );
  // The funding card loads when it comes near the viewport.
  await bringIntoView(page.getByTestId('card-funding'));
  for (const what of [
    '客户统计',
    '政策资讯统计',
    '客户行业分布',
    '客户区域分布',
    '最新发布',
    '我的订阅',
    '资助记录',
  ]) {
    await expect(page.getByText(`登录后查看${what}`)).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: '快捷导航' }).getByRole('link')).toHaveCount(14);
  expect(calls).toEqual([]);

  // A function that needs login asks first, then goes to login with the redirect.
  await page
    .getByRole('navigation', { name: '快捷导航' })
    .getByRole('link', { name: /精准匹配/ })
    .click();
  await expect(page.getByText('该功能需要登录后使用，是否前往登录？')).toBeVisible();
  await page.getByRole('button', { name: '前往登录' }).click();
  await expect(page).toHaveURL(/\/usercenter\/checklogin\/index\?redirect=\/smart\/match\/policy\/exact$/);
});

test('a visitor opening a tool is asked to log in', async ({ page }) => {
  await page.goto('/usercenter/dashboard');
  await page.getByRole('button', { name: '进入系统 研发费用管理系统' }).click();
  await expect(page.getByText('该功能需要登录后使用，是否前往登录？')).toBeVisible();
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
});

test('a trial user sees VIP marks and is asked to upgrade on subscribe, then reaches the plan list', async ({
  page,
}) => {
  await login(page, TRIAL);
  await expect(page.locator('.uc-dash-hero').getByText('体验会员')).toBeVisible();
  await expect(page.getByTestId('expiry-warning')).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: '快捷导航' });
  await expect(nav.getByText('VIP', { exact: true })).toHaveCount(4);
  await page.getByTestId('card-subscriptions').getByRole('button', { name: /订阅/ }).click();
  await expect(page.getByText('您暂无推送设置权限，是否升级会员？')).toBeVisible();
  await page.getByRole('button', { name: '升级会员' }).click();
  await expect(page).toHaveURL(/\/usercenter\/vip\/index$/);
});

test('a sub-account sees no package details and is told so on the package page entry', async ({ page }) => {
  await login(page, SUB);
  await expect(page.locator('.uc-dash-hero').getByText('子账号')).toBeVisible();
  await expect(page.getByTestId('expiry-warning')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /立即续费/ })).toHaveCount(0);
  await page.getByRole('navigation', { name: '快捷导航' }).getByRole('link', { name: '会员套餐' }).click();
  await expect(page.getByText('您的账号为子账号，无法查看套餐信息，请联系主账号')).toBeVisible();
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
});
