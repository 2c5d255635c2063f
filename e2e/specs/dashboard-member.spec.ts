// The member centre as demouser: every part of docs/requirements.md §1 on the screen, with the numbers the database holds.
import { expect, type Page, test } from '@playwright/test';
import type {
  CategoryCount,
  CusInfo,
  CustomerSummary,
  DistributionItem,
  NewsItem,
  OwnPublicityItem,
  RecommendedProject,
  SubscriptionItem,
} from '@uc/shared';
import { apiData, expectChartDrawn, login, runtimeSettings } from './support';

const API = {
  cusInfo: '/api/ccw/member/management/getCusInfo/',
  customerData: '/api/ccw/member/management/getCustomerdata/',
  categoryCount: '/account/userhometj/GetCategoryCountByUserName/',
  industry: '/api/ccw/member/management/getDistributionByIndustry/',
  area: '/api/ccw/member/management/getDistributionByArea/',
  projects: '/api/ccw/member/management/getNewPeresult/',
  myPublicity: '/api/ccw/member/management/getMyPublicity/',
  subscriptions: '/api/ccw/subscribe/getMySubscribe/',
  news: '/api/ccw/subscribe/getNews/',
} as const;

async function openDashboard(page: Page) {
  await login(page);
  await expect(page.getByTestId('company-name')).toBeVisible();
}

test('the header card shows company, badge, the red expiry warning and the renew button', async ({
  page,
}) => {
  await openDashboard(page);
  const info = await apiData<CusInfo>(page, API.cusInfo);
  await expect(page.getByTestId('company-name')).toHaveText(info.company_name);
  await expect(page.locator('.uc-dash-hero').getByText('VIP专业版')).toBeVisible();
  // demouser's plan expires in 20 days: shown with the days left, in red (under 30).
  const expires = new Date(info.expired_time ?? '');
  const day = expires.toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  const warning = page.getByTestId('expiry-warning');
  await expect(warning).toContainText(`会员有效期至 ${day}`);
  await expect(warning).toContainText(/剩余 (19|20|21) 天/);
  await expect(warning).toHaveClass(/ant-typography-danger/);
  await expect(page.getByRole('link', { name: /立即续费/ })).toHaveAttribute(
    'href',
    `/usercenter/taocandetail?gid=${info.gid}&state=1&isRenew=1`,
  );
});

test('customer counts and policy counts match the database and link to their lists', async ({ page }) => {
  await openDashboard(page);
  const summary = await apiData<CustomerSummary>(page, API.customerData);
  expect(summary.member_count).toBeGreaterThan(0);
  const customers = page.getByTestId('card-customers');
  const tiles: [string, number, string][] = [
    ['服务客户总数', summary.member_count, '/usercenter/customer/list'],
    ['高新技术企业', summary.high_tech_count, '/usercenter/customer/list?is_hightech=1'],
    ['可申报客户', summary.sb_count, '/usercenter/customer/list?type=sb'],
    ['公示客户', summary.gs_count, '/usercenter/customer/list?type=gs'],
    ['政策匹配客户', summary.zc_count, '/usercenter/customer/list?type=zc'],
  ];
  for (const [label, value, href] of tiles) {
    const name = `${label} ${value.toLocaleString('zh-CN')} 家`;
    await expect(customers.getByRole('link', { name })).toHaveAttribute('href', href);
  }

  const counts = await apiData<CategoryCount[]>(page, API.categoryCount);
  expect(counts.map((c) => c.key).sort()).toEqual(['gsgg', 'sbtz', 'zcdt']);
  const categories = page.getByTestId('card-categories');
  for (const c of counts) {
    const link = categories.getByRole('link', { name: `${c.keyname} ${c.count.toLocaleString('zh-CN')} 条` });
    await expect(link).toHaveAttribute('href', `/usercenter/sub/list?activeName=${c.key}`);
    // The 24h marker sits in the tile beside the link.
    const tile = link.locator('xpath=..');
    if (c.count_24h > 0) await expect(tile.getByTestId('marker-24h')).toHaveText(`24h +${c.count_24h}`);
    else await expect(tile.getByTestId('marker-24h')).toHaveCount(0);
  }
  // The demo data publishes some items every day: at least one category has a 24h marker.
  expect(counts.some((c) => c.count_24h > 0)).toBe(true);
});

test('the industry and region charts render, and the city select changes the region', async ({ page }) => {
  await openDashboard(page);
  const industries = await apiData<DistributionItem[]>(page, API.industry);
  expect(industries.length).toBeGreaterThan(0);
  await expectChartDrawn(page, 'card-industry');
  const areas = await apiData<DistributionItem[]>(page, API.area, { citycode: '440300' });
  expect(areas.some((a) => a.count > 0)).toBe(true);
  await expectChartDrawn(page, 'card-area');

  await page.getByTestId('card-area').getByRole('button', { name: '选择城市：深圳市' }).click();
  await page.getByRole('menuitem', { name: '广州市' }).click();
  await expect(page.getByTestId('card-area').getByRole('button', { name: '选择城市：广州市' })).toBeVisible();
  // The choice is stored in the cityinfo cookie (written after the select updates, so read until it is there).
  await expect
    .poll(async () => {
      const city = (await page.context().cookies()).find((c) => c.name === 'cityinfo');
      return JSON.parse(decodeURIComponent(city?.value ?? '{}'));
    })
    .toEqual({ citycode: '440100', cityname: '广州市' });
  const guangzhou = await apiData<DistributionItem[]>(page, API.area, { citycode: '440100' });
  if (guangzhou.some((a) => a.count > 0)) await expectChartDrawn(page, 'card-area');
  else await expect(page.getByTestId('card-area').locator('.ant-empty-description')).toHaveText('暂无数据');
  // The choice survives a reload (cookie).
  await page.reload();
  await expect(page.getByTestId('card-area').getByRole('button', { name: '选择城市：广州市' })).toBeVisible();
});

test('quick navigation has 14 entries without VIP marks for a VIP member', async ({ page }) => {
  await openDashboard(page);
  const nav = page.getByRole('navigation', { name: '快捷导航' });
  await expect(nav.getByRole('link')).toHaveCount(14);
  await expect(nav.getByText('VIP', { exact: true })).toHaveCount(0);
  await nav.getByRole('link', { name: '最新发布' }).click();
  await expect(page).toHaveURL(/\/usercenter\/news$/);
});

test('the tabs, the subscriptions and the latest-releases scroller show the database rows', async ({
  page,
}) => {
  // The scroller moves only for members who have not asked for less motion.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await openDashboard(page);
  const projects = await apiData<RecommendedProject[]>(page, API.projects);
  expect(projects.length).toBeGreaterThan(0);
  const tabs = page.getByTestId('card-projects');
  // A project opens its 申报通知; one whose notice is not known shows its name as text.
  for (const p of projects.slice(0, 6)) {
    const name =
      p.item_id === null
        ? tabs.getByText(p.name, { exact: true })
        : tabs.getByRole('link', { name: p.name, exact: true });
    await expect(name).toHaveAttribute('title', p.name);
  }
  await expect(tabs.getByText(`匹配客户 ${projects[0]!.count} 家`).first()).toBeVisible();
  await expect(tabs.getByRole('link', { name: /更多/ })).toHaveAttribute(
    'href',
    '/usercenter/sub/list?activeName=tjxm',
  );

  const own = await apiData<OwnPublicityItem[]>(page, API.myPublicity);
  await tabs.getByRole('tab', { name: '我的公示' }).click();
  const ownList = tabs.getByRole('list', { name: '我的公示' });
  await expect(ownList.getByRole('listitem')).toHaveCount(Math.min(5, own.length));
  for (const item of own.slice(0, 5))
    await expect(ownList.getByText(item.title, { exact: true })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/usercenter/publicity');

  const subscriptions = await apiData<SubscriptionItem[]>(page, API.subscriptions, { size: 9 });
  expect(subscriptions.length).toBeGreaterThan(0);
  const subCard = page.getByTestId('card-subscriptions');
  await expect(subCard.getByRole('list', { name: '我的订阅' }).getByRole('listitem')).toHaveCount(
    subscriptions.length,
  );
  for (const s of subscriptions) {
    await expect(subCard.getByRole('link', { name: s.title, exact: true })).toBeVisible();
  }

  const news = await apiData<NewsItem[]>(page, API.news, { size: 20 });
  expect(news.length).toBeGreaterThan(10);
  const scroller = page.getByRole('region', { name: '最新发布' });
  const first = scroller.getByRole('link', { name: news[0]!.title, exact: true });
  await expect(first).toHaveAttribute(
    'href',
    `/news/detail?guid=${encodeURIComponent(news[0]!.guid ?? String(news[0]!.id))}`,
  );
  await expect(first).toHaveAttribute('target', '_blank');
  // It moves: after the 2.5 s rest the track has scrolled up.
  const track = scroller.locator('.uc-scroller-track');
  await expect
    .poll(async () => track.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m42))
    .toBeLessThan(0);
  // The detail page is a real public page.
  const detail = await page.request.get(
    `/news/detail?guid=${encodeURIComponent(news[0]!.guid ?? String(news[0]!.id))}`,
  );
  expect(detail.status()).toBe(200);
  expect(await detail.text()).toContain(news[0]!.title);
});

test('the tool cards open in the iframe area and the 科创云 items link out in a new tab', async ({
  page,
}) => {
  await openDashboard(page);
  const { toolHosts, mainSiteUrl } = await runtimeSettings(page);
  expect(toolHosts.length).toBeGreaterThan(0);
  const kcy = page.getByTestId('card-kcy');
  await expect(kcy.getByRole('link')).toHaveCount(6);
  for (const link of await kcy.getByRole('link').all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${escapeRegExp(mainSiteUrl)}/`));
  }
  await expect(kcy.getByRole('link', { name: /知识产权服务/ })).toBeVisible();

  const second = page.getByRole('button', { name: / 高企资料库$/ });
  if (toolHosts.length < 2) await expect(second).toBeDisabled();
  await page.getByRole('button', { name: '进入系统 研发费用管理系统' }).click();
  // The member's tool opens with a launch ticket (its claims are checked in my-tools.spec.ts).
  const tool = `${new URL(toolHosts[0]!).origin}/?uc_ticket=`;
  await expect(page).toHaveURL(/\/usercenter\/dashboard\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toMatch(new RegExp(`^${escapeRegExp(tool)}`));
  await expect(page.getByTestId('tool-iframe')).toHaveAttribute('src', new RegExp(`^${escapeRegExp(tool)}`));
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
