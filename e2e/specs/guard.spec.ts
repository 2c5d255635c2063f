// Journeys of the route guard: redirects, the 404 page, login with a redirect, public pages with a token.
import { expect, test } from '@playwright/test';
import { DEMO, login, loginThroughForm } from './support';

test('/usercenter opens the dashboard, where a visitor is 游客 with a login link', async ({ page }) => {
  await page.goto('/usercenter');
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('游客');
  await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/usercenter/no/such/page');
  await expect(page).toHaveURL(/\/usercenter\/404$/);
  await expect(page.getByText('抱歉，您没有权限访问或访问的页面不存在')).toBeVisible();
  await expect(page.getByText(/8:00-18:00/)).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
});

test('the 404 page goes back two steps when noGoBack is false', async ({ page }) => {
  await page.goto('/usercenter/checklogin/index');
  await page.goto('/usercenter/dashboard');
  await page.goto('/usercenter/404?noGoBack=false');
  await page.getByRole('button', { name: '后退两页' }).click();
  await expect(page).toHaveURL(/\/usercenter\/checklogin\/index$/);
});

test('the error pages show the copy of the specification', async ({ page }) => {
  await page.goto('/usercenter/401');
  await expect(page.getByText('您没有权限访问该功能，请升级会员等级')).toBeVisible();
  await page.goto('/usercenter/503');
  await expect(
    page.getByText('您今日的访问次数过高，系统将对您进行保护性限制，如需解除，请联系客服'),
  ).toBeVisible();
  await expect(page.getByText(/服务时间：每天 8:00-18:00/)).toBeVisible();
  await page.goto('/usercenter/403');
  await expect(page.getByText('403', { exact: true })).toBeVisible();
});

test('a visitor opening a page that needs login goes to login and comes back after it', async ({ page }) => {
  await page.goto('/usercenter/account/info');
  await expect(page).toHaveURL(/\/usercenter\/checklogin\/index\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account/info');
  await loginThroughForm(page);
  await expect(page).toHaveURL(/\/usercenter\/account\/info$/);
  await expect(page.getByText('深圳市前海智汇科技有限公司').first()).toBeVisible();
});

test('the login page with a token goes to the dashboard', async ({ page }) => {
  await login(page, DEMO, '/usercenter/checklogin/index');
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
  await page.goto('/usercenter/register');
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
});

test('login form rules show the messages of the specification', async ({ page }) => {
  await page.goto('/usercenter/checklogin/index');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('用户名不能为空')).toBeVisible();
  await expect(page.getByText('密码不能为空')).toBeVisible();
  await loginThroughForm(page, 'demouser', 'Wrong12345');
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/checklogin/);
});
