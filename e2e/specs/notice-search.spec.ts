// 搜索: a member types a phrase from a seeded notice's body into the header's box, sees it highlighted in the results
// and opens the notice.
import { expect, test } from '@playwright/test';
import type { NewsItem, PagedSuccess } from '@uc/shared';
import { apiData, login } from './support';

test('a phrase of a body typed in the header finds the notice, highlighted, and opens it', async ({
  page,
}) => {
  await login(page);
  // A phrase from the body of the newest seeded article, as its page shows it.
  const news = await apiData<PagedSuccess<NewsItem>>(page, '/account/userhometj/getnewslistmore/', {
    size: 1,
  });
  const article = news.list[0];
  if (!article) throw new Error('the demo seed has no news');
  const html = await (await page.request.get(`/news/detail?guid=${article.guid}`)).text();
  const paragraph = /<p>([^<]{16,})<\/p>/.exec(html)?.[1] ?? '';
  const phrase = [...paragraph].slice(4, 12).join('');
  expect([...phrase]).toHaveLength(8);

  const box = page.getByRole('searchbox', { name: '搜索政策、公示、新闻' });
  await box.fill(phrase);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/usercenter\/search\?q=/);
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('搜索');
  const results = page.getByRole('list', { name: '搜索结果' });
  const hit = results
    .getByRole('listitem')
    .filter({ has: page.locator('mark', { hasText: phrase }) })
    .first();
  await expect(hit).toBeVisible();

  // A news article opens its public page in a new tab, a policy item its detail in the app.
  const link = hit.getByRole('link').first();
  if ((await link.getAttribute('target')) === '_blank') {
    const [opened] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(opened.locator('main')).toContainText(phrase);
  } else {
    await link.click();
    await expect(page).toHaveURL(/\/usercenter\/policy\/detail\?id=\d+/);
    await expect(page.getByText(phrase).first()).toBeVisible();
  }
});
