// The member centre on a 1280 px laptop and on a phone: nothing runs off the side, every card is there.
import { expect, test } from '@playwright/test';
import { bringIntoView, login, revealPlaceholders } from './support';

const sizes = [
  { name: 'a 1280 px laptop', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
] as const;

for (const size of sizes) {
  test(`the dashboard fits ${size.name}`, async ({ page }, info) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await login(page);
    await expect(page.getByTestId('company-name')).toBeVisible();
    // Cards below the fold load when scrolled to: bring each into view, then wait for every skeleton to go.
    for (const title of ['快捷导航', '我的订阅', '最新发布', '科创云']) {
      const card = page.locator('.ant-card-head-title').getByText(title, { exact: true }).first();
      await bringIntoView(card);
      await expect(card).toBeVisible();
    }
    await revealPlaceholders(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
    await page.screenshot({ path: info.outputPath(`dashboard-${size.width}.png`), fullPage: true });
  });
}
