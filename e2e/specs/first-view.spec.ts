// A signed-in page draws from what the server put into it: the session's user, the menus and the page's first calls
// (plugins/page-answers.ts, packages/shared first-view.ts); the browser asks the API for nothing else while it
// loads, so the server's list and the page's queries cannot drift apart. A URL with a query asks for its own data.
// The server draws the page itself from those answers (apps/web/src/entry-server.tsx), for a phone or a wider
// screen, and the browser hydrates that drawing: it keeps the server's elements and finds nothing to correct.
import { type Browser, devices, expect, type Page, test } from '@playwright/test';
import { answerKey, FIRST_VIEW_CALLS, SUBSCRIBE_API } from '@uc/shared';
import { addKeyword, DEMO, login } from './support';

/**
 * The GETs a page may still make while it loads: the calls whose data is read fresh on every mount (their queries
 * keep no stale time), the dashboard's region chart, drawn after the first view with the member's city, and the
 * header bell's unread count (消息中心: live, refreshed by the push channel, never part of a page's first view).
 */
const ASKED_BY_DESIGN = [
  answerKey('/api/ccw/message/unread-count/'),
  answerKey('/api/users/security/'),
  answerKey('/api/ccw/goods/pay/service/surplus/'),
  answerKey('/api/ccw/member/management/getDistributionByArea/', { citycode: '440300' }),
];
/** The API GETs a page makes while it loads, named like the answers (path without leading slash, sorted query). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || request.resourceType() === 'document') return;
    if (/^\/(usercenter|media)\//.test(url.pathname)) return;
    calls.push(answerKey(`${url.pathname}${url.search}`));
  });
  return calls;
}

const pages = Object.keys(FIRST_VIEW_CALLS).filter((path) => path !== '/');

test('every signed-in page draws its first view without asking for what the server answered', async ({
  page,
}) => {
  await login(page);
  for (const path of pages) {
    const calls = apiCalls(page);
    await page.goto(`/usercenter${path}`);
    await expect(page.getByTestId('header-user-name'), path).toHaveText('demouser');
    await page.waitForLoadState('networkidle');
    // Nothing else: a call the page makes that the server did not answer (another query, other params) shows here.
    expect(
      calls.filter((call) => !ASKED_BY_DESIGN.includes(call)),
      path,
    ).toEqual([]);
    page.removeAllListeners('request');
  }
});

test('a page whose URL picks another page of the list asks for that page itself', async ({ page }) => {
  await login(page);
  const calls = apiCalls(page);
  await page.goto('/usercenter/customer/list?page=2');
  await expect(page.getByRole('listitem', { name: '2', exact: true })).toHaveClass(
    /ant-pagination-item-active/,
  );
  expect(calls).toContain(answerKey('/api/ccw/member/management/getCustomers/', { page: 2, size: 10 }));
  expect(calls).not.toContain(answerKey('auth/info/'));
});

/**
 * Opens a context like `screen` with the page's session cookies. Before any of the page's scripts, it marks the
 * server's first element in #root, so a test can tell a hydrated page (the same element) from one drawn again.
 */
async function screenWith(
  browser: Browser,
  page: Page,
  screen: 'phone' | 'desktop',
  javaScriptEnabled = true,
) {
  const context = await browser.newContext({
    ...(screen === 'phone' ? devices['Pixel 5'] : devices['Desktop Chrome']),
    baseURL: test.info().project.use.baseURL ?? '',
    javaScriptEnabled,
    // A member's browser, wherever the server runs: a date drawn in the server's time zone would not hydrate. Less
    // motion asked for: the server cannot know it, and the app must follow it without drawing the page again.
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  });
  await context.addCookies(await page.context().cookies());
  await context.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      const first = document.getElementById('root')?.firstElementChild;
      if (!first) return;
      (first as Element & { drawnByServer?: boolean }).drawnByServer = true;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  return context;
}

test('the server draws each signed-in page, phone or desktop, and the browser hydrates it as drawn', async ({
  browser,
  page,
}) => {
  await login(page);
  for (const screen of ['phone', 'desktop'] as const) {
    const context = await screenWith(browser, page, screen);
    const tab = await context.newPage();
    const failures: string[] = [];
    tab.on('pageerror', (error) => failures.push(error.message));
    tab.on('console', (message) => {
      // React reports a hydration it had to redo (minified errors 418, 423, 425) on the console in production.
      if (message.type() === 'error' && /Minified React error|[Hh]ydrat/.test(message.text()))
        failures.push(message.text());
    });
    // Every page, and pages whose URL picks a tab or a page of the list (drawn for that URL, not the plain one).
    for (const path of [...pages, '/sub/list?activeName=sbtz', '/customer/list?page=2']) {
      await tab.goto(`/usercenter${path}`);
      await expect(tab.locator('#root'), `${screen} ${path}`).toHaveAttribute(
        'data-first-view',
        screen === 'phone' ? 'phone' : 'wide',
      );
      await expect(tab.getByTestId('header-user-name'), path).toHaveText('demouser');
      await tab.waitForLoadState('networkidle');
      const kept = await tab.evaluate(
        () =>
          (
            document.getElementById('root')?.firstElementChild as
              | (Element & { drawnByServer?: boolean })
              | null
          )?.drawnByServer === true,
      );
      expect(kept, `${screen} ${path}: the server's elements are kept`).toBe(true);
      expect(failures, `${screen} ${path}`).toEqual([]);
    }
    await context.close();
  }
});

test("a member's page is on screen from the HTML alone, before any script runs", async ({
  browser,
  page,
}) => {
  await login(page);
  const context = await screenWith(browser, page, 'phone', false);
  const tab = await context.newPage();
  await tab.goto('/usercenter/dashboard');
  await expect(tab.getByTestId('company-name')).toHaveText('深圳市前海智汇科技有限公司');
  await expect(tab.getByTestId('header-user-name')).toHaveText('demouser');
  await tab.goto('/usercenter/customer/list');
  await expect(tab.getByRole('table')).toContainText('深圳');
  await context.close();
});

/** Holds the app's modules back: the page stays the server's drawing until the returned function lets them through. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/usercenter\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('what a member types on the drawn page before its scripts run reaches the page once it is live', async ({
  page,
}) => {
  await login(page);
  const release = await holdScripts(page);
  // The load event may wait for the held modules: the drawn page is there as soon as the HTML is.
  await page.goto('/usercenter/smart/match/policy/fast', { waitUntil: 'commit' });
  await expect(page.locator('#root')).toHaveAttribute('data-first-view');
  const picker = page.getByRole('combobox', { name: '选择客户' });
  await picker.click();
  await picker.fill('深圳');
  release();
  // The typed text reaches the picker's search: its suggestions open with the member's matching customers.
  await expect(page.locator('.ant-select-item-option').first()).toContainText('深圳');
});

test('a click on the drawn page before its scripts run is done once the page is live', async ({ page }) => {
  await login(page);
  const release = await holdScripts(page);
  // The load event may wait for the held modules: the drawn page is there as soon as the HTML is.
  await page.goto('/usercenter/smart/match/policy/fast', { waitUntil: 'commit' });
  await expect(page.locator('#root')).toHaveAttribute('data-first-view');
  await page.getByRole('tab', { name: '按政策找客户' }).click();
  release();
  await expect(page.getByTestId('customers-by-policy').getByText('请选择政策项目')).toBeVisible();
});

test('a drawn page that arrives without its answers is rendered over and answers clicks', async ({
  page,
}) => {
  await login(page);
  // The page as drawn, its answers taken out: the app cannot hydrate it and renders it anew.
  await page.route('**/usercenter/smart/match/policy/fast', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<script type="application\/json" id="uc-answers">[\s\S]*?<\/script>/,
      '',
    );
    expect(body).toContain('data-first-view');
    await route.fulfill({
      response,
      body,
      headers: { ...response.headers(), 'content-encoding': 'identity' },
    });
  });
  await page.goto('/usercenter/smart/match/policy/fast');
  await expect(page.locator('html')).toHaveAttribute('data-live', '');
  await page.getByRole('tab', { name: '按政策找客户' }).click();
  await expect(page.getByTestId('customers-by-policy').getByText('请选择政策项目')).toBeVisible();
});

test('a box ticked on the drawn page before its scripts run is ticked at once and stays ticked once live', async ({
  page,
}) => {
  await login(page, DEMO, '/usercenter/dashboard');
  const release = await holdScripts(page);
  // The load event may wait for the held modules: the drawn page is there as soon as the HTML is.
  await page.goto('/usercenter/sub/settings', { waitUntil: 'commit' });
  await expect(page.locator('#root')).toHaveAttribute('data-first-view');
  // Ticked at once (a member sees the tick), before the app runs.
  await page.getByRole('checkbox', { name: '申报通知' }).check();
  release();
  await expect(page.getByTestId('header-user-name')).toHaveText('demouser');
  // Once live, the form holds it: the box stays ticked, and unticking and ticking again works as usual.
  const box = page.getByRole('checkbox', { name: '申报通知' });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(box).toBeChecked();
});

test('an Enter in a field of the drawn page does not submit its form once the page is live', async ({
  page,
}) => {
  await login(page, DEMO, '/usercenter/dashboard');
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(SUBSCRIBE_API.updateConfig)) saves.push(request.method());
  });
  const release = await holdScripts(page);
  // The load event may wait for the held modules: the drawn page is there as soon as the HTML is.
  await page.goto('/usercenter/sub/settings', { waitUntil: 'commit' });
  await expect(page.locator('#root')).toHaveAttribute('data-first-view');
  const keywords = page.getByRole('combobox', { name: '关键词' });
  await keywords.fill('深圳');
  // On the drawn form (plain HTML) an Enter in a field submits the form: the live page's Enter adds a tag instead.
  await keywords.press('Enter');
  release();
  // Once live, an Enter adds the keyword as a tag, and nothing has been saved on the member's behalf.
  await addKeyword(page, '深圳');
  await expect(page.getByText('上次保存', { exact: false })).toHaveCount(0);
  expect(saves).toEqual([]);
});
