// `npm run bench`: measures the budgets of docs/architecture.md §9 against the production build and prints each beside its budget.
// Not a test: it reports figures; nothing here fails a build. BENCH_ONLY=base|lighthouse|dashboard|commerce|policy|openapi|registry|search runs one part.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import Fastify from 'fastify';
import { benchCommerce } from './commerce.js';
import { benchDashboard } from './dashboard.js';
import { load, loginToken, quantileMs, report, routeHistogram, rows, startServer } from './lib.js';
import { benchLighthouse } from './lighthouse.js';
import { benchOpenApi } from './open-api.js';
import { benchPolicy } from './policy.js';
import { benchRegistry } from './registry.js';
import { benchSearch } from './search.js';
import { benchSubscriptions } from './subscriptions.js';

const PORT = Number(process.env.BENCH_PORT ?? 8191);
const HELLO_PORT = PORT + 1;
const DASHBOARD_PORT = PORT + 2;
/** The commerce part uses this port and the three above it. */
const COMMERCE_PORT = PORT + 3;
/** The subscriptions part (1M dataset, like the dashboard's). */
const SUBSCRIPTIONS_PORT = PORT + 7;
/** Policy matching (after the subscriptions part). */
const POLICY_PORT = PORT + 8;
/** The open API (and a bare Fastify above it). */
const OPEN_API_PORT = PORT + 9;
/** The company registry (1M companies). */
const REGISTRY_PORT = PORT + 11;
/** 搜索 (100,000 notices, datasets kept in bench/.data-search-N and uc_bench_search_N). */
const SEARCH_PORT = PORT + 13;
const origin = `http://127.0.0.1:${PORT}`;
const only = process.env.BENCH_ONLY;

/**
 * JS a page had downloaded when its first view appeared (the selector is in the DOM), and the chart code it fetched
 * after that: the bytes as the server sent them (headers and compressed bodies, brotli for this browser).
 * Prefetches made once the page is idle are not counted. A signed-in page is drawn by the server, so its first view
 * is in the HTML: for it (`token`), the moment counted is when that view is live, i.e. React has hydrated the
 * selected element (it carries React's fiber), polled every 5 ms.
 */
async function pageJs(path: string, firstView: string, token?: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const context = await browser.newContext();
  if (token) await context.addCookies([{ name: 'CCW-Token', value: token, url: origin }]);
  const page = await context.newPage();
  // Record, inside the page, the moment the first view enters the DOM (a MutationObserver sees it synchronously;
  // requestAnimationFrame polling lags in a headless browser and would count the idle prefetches too). The script is
  // a string: a function would arrive with the helpers tsx adds to named functions, undefined in the page.
  await page.addInitScript(
    token
      ? `{
    const timer = setInterval(() => {
      const element = document.querySelector(${JSON.stringify(firstView)});
      if (!element || !Object.keys(element).some((key) => key.startsWith('__reactFiber'))) return;
      window.__firstView = performance.now();
      clearInterval(timer);
    }, 5);
  }`
      : `{
    const observer = new MutationObserver(() => {
      if (!document.querySelector(${JSON.stringify(firstView)})) return;
      window.__firstView = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }`,
  );
  const bodies = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') {
      bodies.set(
        res.url(),
        res
          .request()
          .sizes()
          .then((sizes) => sizes.responseHeadersSize + sizes.responseBodySize),
      );
    }
  });
  await page.goto(`${origin}${path}`);
  await page.locator(firstView).first().waitFor();
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => ({
    firstView: (window as { __firstView?: number }).__firstView ?? Number.NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js'))
      .map((e) => ({ url: e.name, end: (e as PerformanceResourceTiming).responseEnd })),
  }));
  if (!Number.isFinite(timing.firstView))
    throw new Error(`${path}: the first view (${firstView}) was not recorded`);
  let firstViewBytes = 0;
  let chartBytes = 0;
  for (const { url, end } of timing.scripts) {
    const size = (await bodies.get(url)) ?? 0;
    if (end <= timing.firstView) firstViewBytes += size;
    else if (/charts/.test(url)) chartBytes += size;
    if (process.env.BENCH_JS_FILES && end <= timing.firstView)
      console.log(`  ${path}: ${(size / 1024).toFixed(1)} KB ${new URL(url).pathname}`);
  }
  await browser.close();
  return { firstView: firstViewBytes / 1024, charts: chartBytes / 1024 };
}

/** The budgets on demo data: page weights and the authenticated read path against a bare Fastify. */
async function benchBase() {
  const server = await startServer(PORT, mkdtempSync(join(tmpdir(), 'uc-bench-')));
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: HELLO_PORT, host: '127.0.0.1' });
  try {
    const token = await loginToken(origin);
    const login = await pageJs('/usercenter/checklogin/index', 'input[placeholder="请输入用户名"]');
    report('login page: JS before the form renders (as sent)', login.firstView, 'KB', 250);
    const dashboard = await pageJs('/usercenter/dashboard', '[data-testid="header-user-name"]', token);
    report('dashboard: JS until the first view is live (as sent)', dashboard.firstView, 'KB', 400);
    report('dashboard: chart code after the first view (as sent)', dashboard.charts, 'KB', 200);

    const auth = { authorization: `Bearer ${token}` };
    const base = await load(`http://127.0.0.1:${HELLO_PORT}/`, {});
    const info = await load(`${origin}/auth/info/`, auth);
    report('auth/info/ requests/s vs bare Fastify', (100 * info.rps) / base.rps, '%', 50, true);
    const served = await routeHistogram(origin, '/auth/info/');
    const fixed = await load(`${origin}/auth/info/`, auth, { overallRate: 2000 });
    const serverP99 = quantileMs(served, await routeHistogram(origin, '/auth/info/'), 0.99);
    // The same fixed rate on the bare Fastify: what the machine and the load generator add by themselves.
    const baseFixed = await load(`http://127.0.0.1:${HELLO_PORT}/`, {}, { overallRate: 2000 });
    report('auth/info/ p99 at 2,000 requests/s vs bare Fastify p99', fixed.p99 / baseFixed.p99, 'x', 1.2);
    console.log(
      `\nbare Fastify ${base.rps.toFixed(0)} req/s; auth/info/ ${info.rps.toFixed(0)} req/s (errors ${info.errors})` +
        `\nat 2,000 req/s: auth/info/ p50 ${fixed.p50} ms p99 ${fixed.p99} ms (errors ${fixed.errors});` +
        ` bare Fastify p50 ${baseFixed.p50} ms p99 ${baseFixed.p99} ms;` +
        ` inside the server (its /metrics histogram) 99 % of auth/info/ took <= ${serverP99} ms`,
    );
  } finally {
    await hello.close();
    await server.stop();
  }
}

/** Lighthouse on a fresh server of its own, so the load of the other parts cannot colour its scores. */
async function benchPages() {
  const server = await startServer(PORT, mkdtempSync(join(tmpdir(), 'uc-bench-lh-')));
  try {
    await benchLighthouse(origin);
  } finally {
    await server.stop();
  }
}

async function main() {
  if (!only || only === 'base') await benchBase();
  if (!only || only === 'lighthouse') await benchPages();
  if (!only || only === 'dashboard') await benchDashboard(DASHBOARD_PORT);
  if (!only || only === 'commerce') await benchCommerce(COMMERCE_PORT);
  if (!only || only === 'subscriptions') await benchSubscriptions(SUBSCRIPTIONS_PORT);
  if (!only || only === 'openapi') await benchOpenApi(OPEN_API_PORT);
  if (!only || only === 'registry') await benchRegistry(REGISTRY_PORT);
  if (!only || only === 'search') await benchSearch(SEARCH_PORT);
  if (!only || only === 'policy') await benchPolicy(POLICY_PORT);
  console.log('');
  console.table(rows);
}

await main();
