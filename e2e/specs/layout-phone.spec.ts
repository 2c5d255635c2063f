// The layout on a phone and on a laptop: the menu drawer on a phone, the side rail on a laptop, the brand mark, the footer's record number.
import { expect, type Locator, test } from '@playwright/test';
import { login } from './support';

const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1280, height: 800 } as const;

async function widthOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return Math.round(box.width);
}

/**
 * The brand mark's tile is painted: a rect filled with a colour, or with a gradient defined in this same mark (a
 * gradient borrowed from a hidden copy of the mark paints nothing, leaving a white magnifier on a white page).
 */
async function expectBrandTilePainted(scope: Locator) {
  const mark = scope.locator('svg').first();
  await expect(mark).toBeVisible();
  const painted = await mark.evaluate((svg) =>
    Array.from(svg.querySelectorAll('rect')).some((rect) => {
      const fill = rect.getAttribute('fill') || '';
      if (!fill || fill === 'none') return false;
      if (!fill.startsWith('url(#')) return true;
      const gradient = svg.ownerDocument.getElementById(fill.slice('url(#'.length, -1));
      return gradient !== null && svg.contains(gradient);
    }),
  );
  expect(painted, 'the tile of the visible brand mark is painted').toBe(true);
}

/** The ICP record number sits on one line. */
async function expectRecordNumberOnOneLine(scope: Locator) {
  const icp = scope.getByRole('link', { name: /ICP备/ });
  await expect(icp).toBeVisible();
  const lines = await icp.evaluate((a) => a.getClientRects().length);
  expect(lines, 'line boxes of the record number').toBe(1);
}

test('on a phone there is no side rail: the menu opens in a drawer that closes on navigation', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await login(page);
  await expect(page.getByRole('button', { name: '打开菜单' })).toBeVisible();
  const rail = page.getByRole('navigation', { name: '侧边菜单' });
  await expect(rail).toHaveCount(0);
  await expect(page.getByRole('button', { name: '展开菜单' })).toHaveCount(0);

  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.getByRole('dialog', { name: '菜单' });
  await expect(drawer).toBeVisible();
  await expect(page.getByRole('button', { name: '打开菜单' })).toHaveAttribute('aria-expanded', 'true');
  await drawer.getByRole('navigation', { name: '菜单' }).getByRole('link', { name: '最新发布' }).click();
  await expect(page).toHaveURL(/\/usercenter\/news$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('news-page')).toBeVisible();
  await expect(rail).toHaveCount(0);

  // Closed by its close button too.
  await page.getByRole('button', { name: '打开菜单' }).click();
  await expect(drawer).toBeVisible();
  await drawer
    .getByRole('button', { name: 'Close' })
    .or(drawer.getByRole('button', { name: '关闭' }))
    .click();
  await expect(drawer).toBeHidden();

  await expectRecordNumberOnOneLine(page.getByRole('contentinfo'));
});

test('a laptop keeps the sider, folding and unfolding it from the header', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await login(page);
  const sider = page.getByRole('navigation', { name: '侧边菜单' });
  expect(await widthOf(sider)).toBeGreaterThan(200);
  await expect(page.getByRole('button', { name: '打开菜单' })).toHaveCount(0);
  await page.getByRole('button', { name: '收起菜单' }).click();
  await expect.poll(() => widthOf(sider)).toBeLessThanOrEqual(64);
  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect.poll(() => widthOf(sider)).toBeGreaterThan(200);
  await expect(page.getByRole('dialog', { name: '菜单' })).toHaveCount(0);
  await expectRecordNumberOnOneLine(page.getByRole('contentinfo'));
});

for (const size of [PHONE, LAPTOP]) {
  test(`the login and register pages show a painted brand mark and a one-line record number at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const pages = [
      { path: '/usercenter/checklogin/index', field: '用户名' },
      { path: '/usercenter/register', field: '公司名称' },
    ];
    for (const { path, field } of pages) {
      await page.goto(path);
      // The app has replaced the HTML skeleton: its form is there.
      await expect(page.getByLabel(field).first()).toBeVisible();
      // The product name shown beside the mark (the desktop brand panel's or the phone's).
      const name = page.getByText('查策网 · 会员中心', { exact: true }).filter({ visible: true }).first();
      await expectBrandTilePainted(name.locator('xpath=..'));
      await expectRecordNumberOnOneLine(page.getByRole('main'));
    }
  });
}
