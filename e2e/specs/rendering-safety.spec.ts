// Journey: markup typed into member-written text (funding project and department names, a company name) stays
// text everywhere it is shown: the dashboard, its chart tooltips and the public pages.
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { NewsItem, PagedSuccess } from '@uc/shared';
import {
  apiData,
  bringIntoView,
  clearSession,
  expectChartDrawn,
  login,
  loginThroughForm,
  registerThroughForm,
  uniqueMobile,
  uniqueUsername,
} from './support';

const IMG = '<img src=x onerror=window.__xss=1>';
const STYLE = '<style>body{display:none}</style>';
const BOLD = '<b id=injected-b>x</b>';
/** Each payload once as a project name and once as a department name (the fields hold 50 characters). */
const RECORDS = [
  { project: IMG, dept: STYLE },
  { project: STYLE, dept: BOLD },
  { project: BOLD, dept: IMG },
] as const;

/** Nothing was interpreted: no planted element, no script ran, the page is still shown. */
async function expectNothingInjected(page: Page) {
  await expect(page.locator('#injected-b')).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as Window & { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe('none');
  await expect(page.locator('body')).toBeVisible();
}

type PointerSeen = Window & { __pointer?: [number, number] };

/** Moves the pointer over the chart in `card` along `points` (fractions of its box) and collects the tooltips. */
async function hoverChart(page: Page, card: Locator, points: readonly [number, number][]): Promise<string[]> {
  const chart = card.getByTestId('echart');
  await bringIntoView(chart);
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart has no box');
  const tooltips = card.locator('.uc-chart-tooltip');
  // Where the page last saw the pointer. The window hears a move after the chart under it (the bubbling phase ends
  // there), and the chart shows or changes its tooltip while handling the move (its showDelay is 0).
  await page.evaluate(() => {
    const win = window as PointerSeen;
    if (win.__pointer) return;
    win.__pointer = [Number.NaN, Number.NaN];
    win.addEventListener('mousemove', (event) => {
      win.__pointer = [event.clientX, event.clientY];
    });
  });
  const seen: string[] = [];
  for (const [fx, fy] of points) {
    const [x, y] = [box.x + box.width * fx, box.y + box.height * fy];
    await page.mouse.move(x, y);
    // The chart has handled the move once the window has seen the pointer there.
    await page.waitForFunction(
      ([px, py]) => {
        const [sx, sy] = (window as PointerSeen).__pointer ?? [Number.NaN, Number.NaN];
        return Math.abs(sx - px) < 1 && Math.abs(sy - py) < 1;
      },
      [x, y] as const,
    );
    // The tooltips shown, and in the same look what expectNothingInjected checks (one round trip per point).
    const look = await tooltips.evaluateAll((els) => ({
      shown: els.flatMap((el) =>
        el instanceof HTMLElement && el.offsetParent !== null ? [el.innerText] : [],
      ),
      planted: document.querySelectorAll('#injected-b, img[src="x"]').length,
      ran: (window as Window & { __xss?: unknown }).__xss !== undefined,
      hidden: getComputedStyle(document.body).display === 'none',
    }));
    expect(look, `nothing injected at ${fx.toFixed(2)}, ${fy.toFixed(2)}`).toMatchObject({
      planted: 0,
      ran: false,
      hidden: false,
    });
    seen.push(...look.shown);
  }
  await expectNothingInjected(page);
  return seen;
}

/** Points down the middle of a bar chart, one every few pixels: every bar's row gets hovered. */
function barRows(steps: number): [number, number][] {
  return Array.from({ length: steps }, (_, i) => [0.6, 0.08 + (0.9 * i) / (steps - 1)] as [number, number]);
}

/** Points around a donut's ring. */
function ringPoints(): [number, number][] {
  return Array.from({ length: 16 }, (_, i) => {
    const angle = (i / 16) * 2 * Math.PI;
    return [0.5 + 0.34 * Math.cos(angle), 0.5 + 0.34 * Math.sin(angle)] as [number, number];
  });
}

test('markup in funding names and a company name stays text on the dashboard, its tooltips and public pages', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A company registers with markup as its name (25 characters at most: the bold tag fits).
  const username = uniqueUsername('xss');
  const mobile = uniqueMobile();
  await page.goto('/usercenter/register');
  await registerThroughForm(page, { company: BOLD, username, password: 'Safe2024ab', mobile });
  await expect(page).toHaveURL(/\/usercenter\/checklogin\/index$/);
  await loginThroughForm(page, username, 'Safe2024ab');
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
  await expect(page.getByTestId('company-name')).toHaveText(BOLD);
  await expectNothingInjected(page);
  await page.goto('/usercenter/account/info');
  await expect(page.getByText(BOLD).first()).toBeVisible();
  await expectNothingInjected(page);

  // A member plants the payloads as funding records through the dashboard dialog.
  await clearSession(page);
  await login(page);
  const card = page.getByTestId('card-funding');
  await bringIntoView(card);
  const dialog = page.getByRole('dialog');
  for (const record of RECORDS) {
    await card.getByRole('button', { name: /新增/ }).click();
    await dialog.getByLabel('项目名称').fill(record.project);
    await dialog.getByLabel('资助部门').fill(record.dept);
    await dialog.getByLabel('资助金额(万元)').fill('12');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('row').filter({ hasText: record.project }).first()).toBeVisible();
  }
  await expectNothingInjected(page);

  // The dashboard after a reload: every chart drawn and hovered, every tooltip shown as text.
  await page.reload();
  await expectChartDrawn(page, 'card-industry');
  const industryTips = await hoverChart(page, page.getByTestId('card-industry'), ringPoints());
  expect(industryTips.length, 'industry tooltips shown').toBeGreaterThan(0);
  await expectChartDrawn(page, 'card-area');
  const areaTips = await hoverChart(page, page.getByTestId('card-area'), barRows(12));
  expect(areaTips.length, 'area tooltips shown').toBeGreaterThan(0);
  const funding = page.getByTestId('card-funding');
  await bringIntoView(funding);
  await expectChartDrawn(page, 'card-funding');
  const fundingTips = await hoverChart(page, funding, barRows(40));
  for (const dept of [IMG, STYLE, BOLD]) {
    expect(
      fundingTips.some((tip) => tip.includes(dept)),
      `the tooltip of ${dept} shows it as text`,
    ).toBe(true);
  }
  await expectNothingInjected(page);

  // The public pages.
  const news = await apiData<PagedSuccess<NewsItem>>(page, '/account/userhometj/getnewslistmore/', {
    page: 1,
    size: 1,
  });
  const guid = news.list[0]?.guid;
  expect(guid).toBeTruthy();
  for (const path of [
    `/news/detail?guid=${encodeURIComponent(guid ?? '')}`,
    `/news/detail?guid=${encodeURIComponent(BOLD)}`,
    '/agreement.html',
  ]) {
    await page.goto(path);
    await expectNothingInjected(page);
  }

  // Leave demouser's records as they were.
  await page.goto('/usercenter/dashboard');
  await bringIntoView(card);
  // Every row holding a payload (each shows two of them, so rows are picked by any).
  const planted = card.getByRole('row').filter({ hasText: /<img src=x|<style>body|<b id=injected-b>/ });
  await expect(planted).toHaveCount(RECORDS.length);
  for (const row of await planted.all()) await row.getByRole('checkbox').check();
  await card.getByRole('button', { name: /删除/ }).click();
  await page.getByRole('button', { name: '删除', exact: true }).last().click();
  await expect(planted).toHaveCount(0);
});
