// Every notice opens: the titles of each 我的订阅 tab, 我的公示, the dashboard's lists and the match results open their
// item (政策详情: a project its 申报通知, a publicity entry its 公示公告; news its page); 收藏 on 政策详情 puts it in
// 申报日历.
import { expect, type Page, test } from '@playwright/test';
import {
  type Page as ListPage,
  POLICY_ITEM_API,
  type PolicyFeedItem,
  SUB_TABS,
  SUBSCRIBE_API,
  shanghaiMonth,
} from '@uc/shared';
import {
  apiData,
  bindInDialog,
  cardBatch,
  DEMO,
  login,
  pickCustomer,
  registerCompany,
  sessionToken,
} from './support';

const table = (page: Page) => page.getByTestId('sub-list-page').locator('.ant-table-tbody');
// The first title that opens a notice (a project or publicity entry without a known notice is text).
const firstTitle = (page: Page) => table(page).locator('a.uc-item-link').first();

for (const tab of SUB_TABS) {
  test(`我的订阅 ${tab.name}: the first title is a link that opens its item`, async ({ page }) => {
    if (tab.key === 'dyxm') {
      // 订阅项目 lists what the push settings select. They are saved for a new member with a plan (a plan card: push
      // settings need one), never for demouser, whose settings other journeys read as they find them.
      test.setTimeout(180_000);
      const [card] = await cardBatch(page, '专业版年卡', 'plan:13:1', 1);
      if (!card) throw new Error('no card');
      await registerCompany(page, 'notice', 'Notice2024ab', '/usercenter/cards/mine');
      await bindInDialog(page, card);
      await expect(page.getByText('已获得：VIP专业版 1年')).toBeVisible();
      // Shenzhen's items of every type.
      const res = await page.request.post(SUBSCRIBE_API.updateConfig, {
        headers: { authorization: `Bearer ${await sessionToken(page)}` },
        form: { regions: '440300', types: 'sbtz,gsgg,zcdt' },
      });
      expect(res.ok()).toBe(true);
    } else {
      await login(page);
    }
    await page.goto(`/usercenter/sub/list?activeName=${tab.key}`);
    await expect(page.getByRole('tab', { name: tab.name, selected: true })).toBeVisible();
    const link = firstTitle(page);
    await expect(link).toBeVisible();
    const title = (await link.innerText()).trim();
    await link.focus();
    await expect(link).toBeFocused();
    await link.click();
    await expect(page).toHaveURL(/\/usercenter\/policy\/detail\?id=\d+/);
    // A project opens its 申报通知, whose title is not the project's own.
    if (tab.key !== 'tjxm') await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('region', { name: '匹配的客户' })).toBeVisible();
  });
}

test('我的公示 and the dashboard’s lists open their items', async ({ page }) => {
  await login(page, DEMO, '/usercenter/publicity');
  const own = page.getByTestId('publicity-page').locator('a.uc-item-link').first();
  const title = (await own.innerText()).trim();
  await own.click();
  await expect(page).toHaveURL(/\/usercenter\/policy\/detail\?id=\d+/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.goto('/usercenter/dashboard');
  const project = page.getByRole('list', { name: '推荐项目' }).locator('a.uc-item-link').first();
  await project.click();
  await expect(page).toHaveURL(/\/usercenter\/policy\/detail\?id=\d+/);

  await page.goto('/usercenter/dashboard');
  const news = page.getByTestId('card-latest-news').locator('.uc-scroller-title').first();
  if (await news.count()) await expect(news).toHaveAttribute('href', /\/news\/detail\?guid=/);
});

test('a match result opens its item', async ({ page }) => {
  await login(page, DEMO, '/usercenter/smart/match/policy/fast');
  await pickCustomer(page, '一键匹配');
  const link = page.getByTestId('match-result').locator('.uc-item-link').first();
  const title = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/usercenter\/policy\/detail\?id=\d+/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('收藏 on 政策详情 shows the item in 申报日历', async ({ page }) => {
  await login(page);
  const items = await apiData<ListPage<PolicyFeedItem>>(page, SUBSCRIBE_API.subList, { activeName: 'sbtz' });
  const now = new Date().toISOString();
  const open = items.list.find((i) => i.end_time && i.end_time > now);
  expect(open).toBeDefined();
  if (!open?.end_time) return;
  await page.goto(`/usercenter/policy/detail?id=${open.id}`);
  const star = page.getByRole('button', { name: /收藏/ });
  if ((await star.getAttribute('aria-pressed')) !== 'true') await star.click();
  await expect(page.getByRole('button', { name: /已收藏/ })).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/usercenter/policy/calendar?month=${shanghaiMonth(open.end_time)}`);
  // Titles repeat across regions: the entry is the link to this item.
  const entry = page
    .getByRole('list', { name: '申报截止列表' })
    .locator(`a[href$="/policy/detail?id=${open.id}"]`, { hasText: open.title });
  await expect(entry.first()).toBeVisible();
  await entry.first().click();
  await expect(page).toHaveURL(new RegExp(`policy/detail\\?id=${open.id}`));
  // Back to its list: the favourite is in the API's list too.
  const favourites = await apiData<ListPage<PolicyFeedItem>>(page, POLICY_ITEM_API.favourites, {});
  expect(favourites.list.map((i) => i.id)).toContain(open.id);
});
