// 最新发布 and 我的公示: paginated lists with the page in the URL, 暂无数据 when empty.
import { expect, type Page, test } from '@playwright/test';
import type { NewsItem, OwnPublicityItem, PagedSuccess } from '@uc/shared';
import { apiData, login, TRIAL } from './support';

/** Clicks page 2 of the list's pagination. */
async function goToPageTwo(page: Page) {
  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
}

test('the news list pages through, keeps the page on refresh and links to the public detail page', async ({
  page,
}) => {
  await login(page);
  const first = await apiData<PagedSuccess<NewsItem>>(page, '/account/userhometj/getnewslistmore/', {
    page: 1,
    size: 10,
  });
  const second = await apiData<PagedSuccess<NewsItem>>(page, '/account/userhometj/getnewslistmore/', {
    page: 2,
    size: 10,
  });
  expect(first.total).toBeGreaterThan(10);
  await page.goto('/usercenter/news');
  const list = page.getByRole('list', { name: '最新发布列表' });
  await expect(list.getByRole('link')).toHaveCount(10);
  await expect(list.getByRole('link').first()).toHaveText(first.list[0]!.title);
  await expect(page.getByText(`共 ${first.total} 条`)).toBeVisible();
  await expect(list.getByRole('link').first()).toHaveAttribute('target', '_blank');

  await goToPageTwo(page);
  await expect(list.getByRole('link').first()).toHaveText(second.list[0]!.title);
  const titlesOne = new Set(first.list.map((n) => n.title));
  expect(second.list.some((n) => !titlesOne.has(n.title))).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('list', { name: '最新发布列表' }).getByRole('link').first()).toHaveText(
    second.list[0]!.title,
  );
});

test('the publicity list pages through with the database rows', async ({ page }) => {
  await login(page);
  const first = await apiData<PagedSuccess<OwnPublicityItem>>(
    page,
    '/account/userhometj/GetPublicityNewsByCompanyMore/',
    { page: 1, size: 10 },
  );
  const second = await apiData<PagedSuccess<OwnPublicityItem>>(
    page,
    '/account/userhometj/GetPublicityNewsByCompanyMore/',
    { page: 2, size: 10 },
  );
  expect(first.total).toBeGreaterThan(10);
  await page.goto('/usercenter/publicity');
  const table = page.getByTestId('publicity-page');
  await expect(table.getByRole('row').nth(1)).toContainText(first.list[0]!.title);
  await expect(page.getByText(`共 ${first.total} 条`)).toBeVisible();
  await goToPageTwo(page);
  await expect(table.getByRole('row').nth(1)).toContainText(second.list[0]!.title);
  await expect(table.getByRole('row').nth(1)).toContainText('11');
  expect(second.list[0]!.id).not.toBe(first.list[0]!.id);
});

test('a member with no publicity sees 暂无数据', async ({ page }) => {
  await login(page, TRIAL);
  const data = await apiData<PagedSuccess<OwnPublicityItem>>(
    page,
    '/account/userhometj/GetPublicityNewsByCompanyMore/',
    { page: 1, size: 10 },
  );
  expect(data.total).toBe(0);
  await page.goto('/usercenter/publicity');
  await expect(page.getByTestId('publicity-page').locator('.ant-empty-description')).toHaveText('暂无数据');
});

test('a page past the last one is replaced by the last page, for news and publicity alike', async ({
  page,
}) => {
  await login(page);
  const lists = [
    { path: '/usercenter/news', api: '/account/userhometj/getnewslistmore/', testId: 'news-page' },
    {
      path: '/usercenter/publicity',
      api: '/account/userhometj/GetPublicityNewsByCompanyMore/',
      testId: 'publicity-page',
    },
  ];
  for (const list of lists) {
    const { total } = await apiData<PagedSuccess<NewsItem>>(page, list.api, { page: 1, size: 10 });
    const last = Math.max(1, Math.ceil(total / 10));
    const lastRows = await apiData<PagedSuccess<NewsItem | OwnPublicityItem>>(page, list.api, {
      page: last,
      size: 10,
    });
    expect(lastRows.list.length).toBeGreaterThan(0);
    await page.goto(`${list.path}?page=9999`);
    // The address, the pager and the rows agree on the last page; nothing says 暂无数据.
    await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
    const card = page.getByTestId(list.testId);
    await expect(card.locator('.ant-pagination-item-active')).toHaveAttribute('title', String(last));
    await expect(card.getByText(`共 ${total} 条`)).toBeVisible();
    await expect(card.getByText('暂无数据')).toHaveCount(0);
    await expect(card.getByText(lastRows.list[0]!.title).first()).toBeVisible();
    // Replaced, not pushed: going back leaves the list instead of returning to the impossible page.
    await page.goBack();
    await expect(page).not.toHaveURL(/page=9999/);
  }
});
