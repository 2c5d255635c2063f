// Journey: 我的工具 lists what the member has; 打开 shows an external tool in the iframe area with a launch ticket
// naming the member (its signature is checked by the API tests), and a policy tool in place.
import { expect, test } from '@playwright/test';
import { DEMO, login, TRIAL } from './support';

/** The claims of a JWT, unchecked (the journey reads what the tool would be told). */
function claimsOf(ticket: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(ticket.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

test('demouser opens 研发费用管理系统 from 我的工具 in the iframe area, signed in by a ticket', async ({
  page,
  baseURL,
}) => {
  await login(page, DEMO, '/usercenter/tools/mine');
  const sidebar = page.getByRole('navigation', { name: '侧边菜单' });
  await expect(sidebar.getByText('我的工具')).toBeVisible();
  const rd = page.getByTestId('my-tool-rd');
  await expect(rd.getByText('套餐包含')).toBeVisible();
  await expect(page.getByTestId('my-tool-hts_score').getByText(/^有效期至 \d{4}-\d{2}-\d{2}$/)).toBeVisible();

  await rd.getByRole('button', { name: '打开 研发费用管理系统' }).click();
  await expect(page).toHaveURL(/\/usercenter\/dashboard\?redirect=/);
  const src = (await page.getByTestId('tool-iframe').getAttribute('src')) ?? '';
  const { origin } = new URL(baseURL ?? '');
  expect(new URL(src).origin).toBe(origin);
  const claims = claimsOf(new URL(src).searchParams.get('uc_ticket') ?? '');
  expect(claims).toMatchObject({ username: 'demouser', tool: 'rd', aud: origin, iss: 'usercenter' });
  expect(Number(claims.exp) - Number(claims.iat)).toBe(300);

  // A policy tool opens in place.
  await page.goBack();
  await page.getByRole('button', { name: '打开 高企评分' }).click();
  await expect(page).toHaveURL(/\/usercenter\/hts\/identification\/score$/);
});

test('a trial member sees the VIP tools as 未开通 with 升级会员, and fast matching as its own', async ({
  page,
}) => {
  await login(page, TRIAL, '/usercenter/tools/mine');
  const exact = page.getByTestId('my-tool-match_exact');
  await expect(exact.getByText('未开通')).toBeVisible();
  await expect(page.getByTestId('my-tool-match_fast').getByText('套餐包含')).toBeVisible();
  await exact.getByRole('link', { name: '升级会员 精准匹配' }).click();
  await expect(page).toHaveURL(/\/usercenter\/vip\/index$/);
});
