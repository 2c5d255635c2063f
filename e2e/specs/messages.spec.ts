// 消息中心: a newly published item matching the member's 推送设置 (站内) reaches the header's bell as a push and is
// listed in 消息中心 with its link; the member marks it read and deletes it.
import { expect, test } from '@playwright/test';
import { INBOX_API, type InboxUnreadCount, SUBSCRIBE_API } from '@uc/shared';
import { apiData, bindInDialog, cardBatch, pushConnected, registerCompany, sessionToken } from './support';

test('a published matching item reaches the bell and the message page; read and delete', async ({ page }) => {
  test.setTimeout(180_000);
  // A new member with a plan (push settings need one; a plan card gives it): demouser's settings are left as other
  // journeys find them.
  const [card] = await cardBatch(page, '专业版年卡', 'plan:13:1', 1);
  if (!card) throw new Error('no card');
  await registerCompany(page, 'inbox', 'Inbox2024ab', '/usercenter/cards/mine');
  await bindInDialog(page, card);
  await expect(page.getByText('已获得：VIP专业版 1年')).toBeVisible();
  const live = pushConnected(page);
  await page.goto('/usercenter/dashboard');
  await live;
  const token = await sessionToken(page);
  // The same settings as the subscriptions journey: 申报通知 in Shenzhen titled with 数字经济, kept 站内.
  const saved = await page.request.post(SUBSCRIBE_API.updateConfig, {
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({
      types: 'sbtz',
      regions: '440300',
      keywords: '数字经济',
      channels: 'site',
    }).toString(),
  });
  expect(saved.status()).toBe(200);
  const before = (await apiData<InboxUnreadCount>(page, INBOX_API.unreadCount)).total;
  const bell = page.getByTestId('header-bell');
  await expect(bell).toHaveAccessibleName(before > 0 ? `消息中心，${before}条未读` : '消息中心');

  const title = `关于申报深圳市数字经济消息中心专项的通知（${Date.now()}）`;
  const published = await page.request.post('/__dev/publish', {
    data: { type: 'sbtz', title, dept: '深圳市工业和信息化局', city: '440300' },
  });
  expect(published.status()).toBe(200);
  // The push refreshes the bell on the open page.
  await expect(bell).toHaveAccessibleName(`消息中心，${before + 1}条未读`);
  await bell.click();
  const latest = page.getByRole('list', { name: '最新未读消息' });
  await expect(latest).toContainText(title);
  await page.getByRole('link', { name: '查看全部' }).click();
  await expect(page).toHaveURL(/\/usercenter\/message\/list$/);

  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('政策推送');
  await expect(item.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    /\/usercenter\/policy\/detail\?id=\d+/,
  );
  await expect(item.getByLabel('未读')).toBeVisible();
  await item.getByRole('button', { name: '标记已读' }).click();
  await expect(item.getByLabel('未读')).toHaveCount(0);
  await expect(bell).toHaveAccessibleName(before > 0 ? `消息中心，${before}条未读` : '消息中心');

  await item.getByRole('button', { name: `删除消息 ${title}` }).click();
  await page.getByRole('button', { name: '删除', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

  await page.getByRole('tab', { name: /未读/ }).click();
  await expect(page).toHaveURL(/status=unread/);
});
