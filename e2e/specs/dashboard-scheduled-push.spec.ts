// The demo seed's new items: on a fresh server, policy items scheduled after the start reach demouser's open
// dashboard as a push, without anyone publishing them. The journey starts a server of its own (the shared ones run
// with the schedule off, as the other journeys expect demouser without push settings), with the items seconds apart
// instead of minutes.
import { expect, test } from '@playwright/test';
import { login, type OwnServer, startOwnServer } from './support';

/** The titles the demo seed schedules (apps/server/src/db/seed/content/scheduled.ts). */
const NEW_ITEMS = [
  '关于申报2026年深圳市数字经济产业扶持计划的通知',
  '深圳市促进人工智能产业高质量发展若干措施（新发布）',
  '2026年深圳市科技型中小企业入库名单公示',
] as const;
const AFTER_SECONDS = 15;

let server: OwnServer | undefined;

test.describe('the demo seed’s scheduled items', () => {
  test.beforeAll(async () => {
    // A SQLite server of its own: the journey runs in the SQLite project only (e2e/playwright.config.ts).
    server = await startOwnServer({ DEMO_NEW_ITEMS_AFTER_SECONDS: String(AFTER_SECONDS) });
  });
  test.afterAll(() => {
    server?.stop();
  });

  test('a scheduled item reaches the open dashboard as a push', async ({ browser }) => {
    test.setTimeout(4 * AFTER_SECONDS * 1000 + 60_000);
    const context = await browser.newContext({ baseURL: server?.origin });
    const page = await context.newPage();
    await login(page);
    await expect(page.getByTestId('card-subscriptions')).toBeVisible();
    // Whichever item falls due first once the dashboard is open (a slow start may have missed the first one).
    const pushed = page.getByText(new RegExp(`订阅推送：(${NEW_ITEMS.map(escapeRegExp).join('|')})`)).first();
    await expect(pushed).toBeVisible({ timeout: 3 * AFTER_SECONDS * 1000 + 15_000 });
    await context.close();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
