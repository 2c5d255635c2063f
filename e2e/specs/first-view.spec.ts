// A signed-in page draws from what the server put into it: the session's user, the menus and the page's first calls
// (plugins/page-answers.ts, packages/shared first-view.ts); the browser asks the API for nothing else while it
// loads, so the server's list and the page's queries cannot drift apart. A URL with a query asks for its own data.
import { expect, type Page, test } from '@playwright/test';
import { answerKey, FIRST_VIEW_CALLS } from '@uc/shared';
import { login } from './support';

/**
 * The GETs a page may still make while it loads: the calls whose data is read fresh on every mount (their queries
 * keep no stale time) and the dashboard's region chart, drawn after the first view with the member's city.
 */
const ASKED_BY_DESIGN = [
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
