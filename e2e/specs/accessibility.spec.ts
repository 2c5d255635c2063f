// axe finds no violations on the sign-in screens and the member centre (visitor and member), on a laptop and a
// phone. label-content-name-mismatch (names that contain what a control shows) is switched on as Lighthouse does.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { login, revealPlaceholders } from './support';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const found = results.violations.map(
    (v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, what).toEqual([]);
}

/** Scrolls the dashboard through so the cards that load when seen are there, and waits for them. */
async function settleDashboard(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('会员中心');
  await revealPlaceholders(page);
  await page.mouse.wheel(0, -20_000);
}

for (const size of SIZES) {
  test(`the sign-in screens have no accessibility violations at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/usercenter/checklogin/index');
    await expect(page.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true');
    await expectNoViolations(page, 'login, account tab');
    await page.getByRole('tab', { name: '免密登录' }).click();
    await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
    await expectNoViolations(page, 'login, password-free tab');
    await page.goto('/usercenter/register');
    await expect(page.getByRole('heading', { name: '免费注册' })).toBeVisible();
    await expectNoViolations(page, 'register');
    await page.goto('/usercenter/findpwd');
    await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
    await expectNoViolations(page, 'find password');
  });

  test(`the member centre has no accessibility violations at ${size.width} px, as a visitor and as demouser`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/usercenter/dashboard');
    await settleDashboard(page);
    await expectNoViolations(page, 'dashboard, visitor');
    await login(page);
    await settleDashboard(page);
    await expectNoViolations(page, 'dashboard, demouser');
    if (size.width < 768) {
      await page.getByRole('button', { name: '打开菜单' }).click();
      const drawer = page.getByRole('dialog', { name: '菜单' });
      await expect(drawer).toBeVisible();
      // Colours are measured once the drawer has slid in: mid-way its items are still faded.
      await expect
        .poll(() =>
          drawer.evaluate((el) => el.closest('.ant-drawer')?.getAnimations({ subtree: true }).length ?? 0),
        )
        .toBe(0);
      await expectNoViolations(page, 'dashboard, phone menu open');
    }
  });
}
