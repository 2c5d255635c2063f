// A notice opens from where the member hears of it: 消息中心's 政策推送 and 我的订阅 → 我的公示 open the notice itself
// (政策详情) with its body; its PDF attachment downloads with the session.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login, reviewShot } from './support';

test('a notice opens from 消息中心 and from 我的公示, with its body and its PDF', async ({ page }) => {
  // Only the 政策推送: the journeys before this one leave demouser enough order messages to push the seeded one past
  // the first page of 全部.
  await login(page, undefined, '/usercenter/message/list?kind=policy');
  // The seeded 政策推送 names a 申报通知 with attachments.
  const message = page.getByRole('listitem').filter({ hasText: '政策推送' }).getByRole('link').first();
  const title = (await message.innerText()).trim();
  await message.click();
  await expect(page).toHaveURL(/\/usercenter\/policy\/detail\?id=\d+/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: '正文' }).locator('.uc-rich-content')).toBeVisible();
  const files = page.getByRole('region', { name: '附件' });
  const pdf = files.getByRole('button', { name: /^下载 .+\.pdf$/ }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 4).toString('latin1')).toBe('%PDF');
  await reviewShot(page, 'notice-sbtz-1280.png');

  await page.goto('/usercenter/sub/list?activeName=wdgs');
  const entry = page.getByTestId('sub-list-page').locator('.ant-table-tbody a.uc-item-link').first();
  const listTitle = (await entry.innerText()).trim();
  await entry.click();
  await expect(page).toHaveURL(/\/usercenter\/policy\/detail\?id=\d+/);
  await expect(page.getByRole('heading', { name: listTitle })).toBeVisible();
  await expect(page.getByRole('region', { name: '正文' }).locator('.uc-rich-content')).toBeVisible();
  // The member's customer named in it is marked in its 公示名单.
  await expect(page.getByRole('region', { name: '公示名单' }).getByText('我的客户').first()).toBeVisible();
  await reviewShot(page, 'notice-gsgg-1280.png');
});
