// Lighthouse (12.8, Debian Chromium, offline) on the login page, the visitor's dashboard and every page a signed-in
// member opens from the menu, mobile and desktop, BENCH_LH_RUNS times each: performance and accessibility scores,
// the metrics, where the main thread went, and the bytes the browser really received before the first paint.
import { availableParallelism, loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { loginToken, report, rows } from './lib.js';

type Form = 'mobile' | 'desktop';

interface Page {
  /** What BENCH_LH_PAGES names it by (its path works too). */
  name: string;
  path: string;
  /** Measured with the demo member's session cookies; otherwise as a visitor (no cookies). */
  signedIn: boolean;
  budgets: Record<Form, number>;
  /** Largest contentful paint on mobile, ms. */
  lcpBudget?: number;
  /** Reports the bytes on the wire before the first paint (mobile). */
  firstPaintBytes?: boolean;
}

const member = (name: string, path: string): Page => ({
  name,
  path: `/usercenter${path}`,
  signedIn: true,
  budgets: { mobile: 80, desktop: 95 },
  lcpBudget: 2500,
});

const PAGES: Page[] = [
  {
    name: 'login',
    path: '/usercenter/checklogin/index',
    signedIn: false,
    budgets: { mobile: 90, desktop: 98 },
    firstPaintBytes: true,
  },
  {
    name: 'visitor-dashboard',
    path: '/usercenter/dashboard',
    signedIn: false,
    budgets: { mobile: 80, desktop: 95 },
    firstPaintBytes: true,
  },
  member('dashboard', '/dashboard'),
  member('customer-list', '/customer/list'),
  member('sub-list', '/sub/list'),
  member('sub-settings', '/sub/settings'),
  member('vip', '/vip/index'),
  member('order-list', '/order/list'),
  member('account-safe', '/account/safe'),
  member('account-sub', '/account/sub'),
  member('match-exact', '/smart/match/policy/exact'),
  member('match-fast', '/smart/match/policy/fast'),
  member('hts-score', '/hts/identification/score'),
  member('specialization', '/specialization_new/evaluation/accreditation'),
];

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);

/** BENCH_LH_FORMS: the form factors to run, comma-separated (`mobile`, `desktop`); both when unset. */
function selectedForms(): Form[] {
  const wanted = (process.env.BENCH_LH_FORMS ?? 'mobile,desktop').split(',').map((s) => s.trim());
  const unknown = wanted.filter((w) => w !== 'mobile' && w !== 'desktop');
  if (unknown.length > 0)
    throw new Error(`BENCH_LH_FORMS: no form factor ${unknown.join(', ')}; mobile, desktop`);
  return wanted as Form[];
}

/** BENCH_LH_PAGES: comma-separated names or paths (with or without /usercenter); all pages when unset. */
function selectedPages(): Page[] {
  const wanted = (process.env.BENCH_LH_PAGES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (wanted.length === 0) return PAGES;
  const matches = (page: Page, w: string) =>
    w === page.name || w === page.path || `/usercenter${w}` === page.path;
  const unknown = wanted.filter((w) => !PAGES.some((page) => matches(page, w)));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_LH_PAGES: no page ${unknown.join(', ')}; pages: ${PAGES.map((p) => p.name).join(', ')}`,
    );
  }
  return PAGES.filter((page) => wanted.some((w) => matches(page, w)));
}

interface NetworkItem {
  url: string;
  statusCode?: number;
  transferSize?: number;
  networkEndTime?: number;
}

const itemsOf = (lhr: Result, id: string): unknown[] =>
  (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];

/** Bytes on the wire (headers and compressed bodies, as received) of the requests done before the first paint. */
function bytesBeforeFirstPaint(lhr: Result): number {
  const metrics = (itemsOf(lhr, 'metrics')[0] ?? {}) as { observedFirstContentfulPaint?: number };
  const fcp = metrics.observedFirstContentfulPaint ?? Number.POSITIVE_INFINITY;
  const items = itemsOf(lhr, 'network-requests') as NetworkItem[];
  return items
    .filter((item) => (item.networkEndTime ?? Number.POSITIVE_INFINITY) <= fcp)
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/** A run's failure to measure (not a bad score): Lighthouse's own advice for these is to run it again. */
function measureError(lhr: Result): string | null {
  if (lhr.runtimeError) return lhr.runtimeError.message;
  const failed = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']
    .map((id) => lhr.audits[id]?.errorMessage)
    .filter(Boolean);
  return failed.length > 0 ? failed.join('; ') : null;
}

/**
 * Whether the run measured the page it was meant to: the requested path, not a redirect, and the page drawn for
 * the right person: a member's shows the signed-in header, a visitor's shows none (`signedIn`, read from the tab
 * after the run). A signed-in page asks for no `auth/info/`: the server answers it inside the page.
 */
function sessionError(lhr: Result, page: Page, signedIn: boolean): string | null {
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== page.path) return `ended on ${finalPath}`;
  if (page.signedIn && !signedIn) return 'the page was not drawn signed in (no member name in its header)';
  if (!page.signedIn && signedIn) return 'the visitor page was drawn signed in';
  return null;
}

/** The signed-in header's user name, as the app draws it (apps/web/src/app/layout). */
const MEMBER_NAME = '[data-testid="header-user-name"]';

interface Cookie {
  name: string;
  value: string;
}

/** The cookies the login form leaves (docs/requirements.md §3): the token, its payload (URI-encoded JSON), the user id. */
function sessionCookies(token: string): Cookie[] {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    user_id: number;
  };
  return [
    { name: 'CCW-Token', value: token },
    { name: 'CCW-User', value: encodeURIComponent(JSON.stringify(payload)) },
    { name: 'CCW-ID', value: String(payload.user_id) },
  ];
}

const ATTEMPTS = 3;

/**
 * One Lighthouse run in a fresh tab, the browser's cookies replaced by `cookies` first (none for a visitor): they
 * go with the HTML request and the app reads them at start. Lighthouse's storage reset (caches, service workers)
 * leaves cookies alone. Repeated (at most ATTEMPTS times) while the trace fails to give the metrics.
 */
async function runOnce(
  browser: Browser,
  url: string,
  form: Form,
  cookies: Cookie[],
): Promise<{ lhr: Result; signedIn: boolean }> {
  const { hostname } = new URL(url);
  for (let attempt = 1; ; attempt++) {
    await browser.deleteCookie(...(await browser.cookies()));
    if (cookies.length > 0) {
      await browser.setCookie(
        ...cookies.map((c) => ({ ...c, domain: hostname, path: '/', sameSite: 'Lax' as const })),
      );
    }
    const tab = await browser.newPage();
    try {
      const result = await lighthouse(
        url,
        { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        form === 'desktop' ? desktopConfig : undefined,
        tab,
      );
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      const error = measureError(result.lhr);
      if (!error || attempt === ATTEMPTS) {
        const name = await tab.$eval(MEMBER_NAME, (e) => e.textContent ?? '').catch(() => '');
        return { lhr: result.lhr, signedIn: name !== '' && name !== '游客' };
      }
      console.log(`  ${url} ${form}: lighthouse could not measure (${error}); running it again`);
    } finally {
      await tab.close();
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const score = (lhr: Result, id: string) => Math.round(100 * (lhr.categories[id]?.score ?? 0));
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A script's file name, its middle cut when over 60 characters (chunk names list every page sharing them; the hash is
 * at the end), or the label Lighthouse gives instead of a URL ("Unattributable").
 */
function shortUrl(url: string): string {
  const name = URL.canParse(url) ? (new URL(url).pathname.split('/').pop() ?? url) : url;
  return name.length > 60 ? `${name.slice(0, 30)}…${name.slice(-29)}` : name;
}

/** Where one (the median) mobile run spent its main thread: long tasks, costliest scripts, work groups; its LCP element. */
function printMainThread(lhr: Result) {
  const tasks = (itemsOf(lhr, 'long-tasks') as { url: string; duration: number; startTime: number }[])
    .toSorted((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map((t) => `${t.duration.toFixed(0)} ms at ${t.startTime.toFixed(0)} ms (${shortUrl(t.url)})`);
  const scripts = (itemsOf(lhr, 'bootup-time') as { url: string; total: number; scripting: number }[])
    .toSorted((a, b) => b.total - a.total)
    .slice(0, 3)
    .map((s) => `${shortUrl(s.url)} ${s.total.toFixed(0)} ms (scripting ${s.scripting.toFixed(0)})`);
  const groups = (itemsOf(lhr, 'mainthread-work-breakdown') as { groupLabel: string; duration: number }[])
    .toSorted((a, b) => b.duration - a.duration)
    .map((g) => `${g.groupLabel} ${g.duration.toFixed(0)}`);
  const lcpItems = itemsOf(lhr, 'largest-contentful-paint-element') as { items?: unknown[] }[];
  const lcpNode = (
    lcpItems[0]?.items?.[0] as { node?: { nodeLabel?: string; selector?: string } } | undefined
  )?.node;
  console.log(`  long tasks: ${tasks.join('; ') || 'none'}`);
  console.log(`  bootup-time: ${scripts.join('; ') || 'none'}`);
  console.log(`  main thread (ms): ${groups.join(', ')}`);
  console.log(
    `  LCP element: ${lcpNode ? `${lcpNode.selector} "${lcpNode.nodeLabel?.slice(0, 60)}"` : 'none'}`,
  );
}

function printLoad(when: string) {
  const [one, five, fifteen] = loadavg().map((l) => l.toFixed(2));
  console.log(
    `Lighthouse ${when}: load average ${one} ${five} ${fifteen} on ${availableParallelism()} cores`,
  );
}

export async function benchLighthouse(origin: string) {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_LH_RUNS: ${process.env.BENCH_LH_RUNS}`);
  const pages = selectedPages();
  printLoad('start');
  // One sign-in for every run (the login is rate-limited per IP outside the bench).
  const member = pages.some((p) => p.signedIn) ? sessionCookies(await loginToken(origin)) : [];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  // Lighthouse emulates the screen of each form factor itself: no viewport from puppeteer.
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  try {
    for (const page of pages) {
      for (const form of selectedForms()) {
        const what = `${page.name} (${page.signedIn ? 'member' : 'visitor'}), ${form}`;
        const runs: Result[] = [];
        let error: string | null = null;
        for (let i = 0; i < RUNS && !error; i++) {
          const run = await runOnce(browser, `${origin}${page.path}`, form, page.signedIn ? member : []);
          const { lhr } = run;
          error = sessionError(lhr, page, run.signedIn);
          runs.push(lhr);
        }
        if (error) {
          // Scores of another page than the one meant (a login redirect, say) would pass for this page's.
          console.log(`${what}: NOT MEASURED: ${error}`);
          rows.push({ what: `${what}: Lighthouse`, figure: 'not measured', budget: '', ratio: error });
          continue;
        }
        runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
        const perf = runs.map((lhr) => score(lhr, 'performance'));
        const at = (id: string) => median(runs.map((lhr) => metric(lhr, id)));
        const perfRow = report(`${what}: Lighthouse performance`, median(perf), '', page.budgets[form], true);
        const accessibility = Math.min(...runs.map((lhr) => score(lhr, 'accessibility')));
        const a11yRow = report(`${what}: Lighthouse accessibility`, accessibility, '', 100, true);
        const lcp = at('largest-contentful-paint');
        const lcpRow =
          form === 'mobile' && page.lcpBudget ? report(`${what}: LCP`, lcp, 'ms', page.lcpBudget) : null;
        const last = runs.at(-1) as Result;
        console.log(
          `${what}, ${RUNS} run(s): performance ${median(perf)} (min ${perf[0]}, max ${perf.at(-1)}) ` +
            `>= ${page.budgets[form]} ${perfRow.ratio}; accessibility ${accessibility} ${a11yRow.ratio}; ` +
            `medians: FCP ${seconds(at('first-contentful-paint'))}, LCP ${seconds(lcp)}` +
            `${lcpRow ? ` <= ${seconds(page.lcpBudget ?? 0)} ${lcpRow.ratio}` : ''}, ` +
            `TBT ${at('total-blocking-time').toFixed(0)} ms, CLS ${at('cumulative-layout-shift').toFixed(3)}; ` +
            `${itemsOf(last, 'network-requests').length} requests, ` +
            `${(metric(last, 'total-byte-weight') / 1024).toFixed(0)} KB transferred in all; ` +
            // Lighthouse's own measure of this machine's speed at the time (its CPU slowdown is relative to it).
            `benchmark index ${median(runs.map((lhr) => lhr.environment.benchmarkIndex)).toFixed(0)}`,
        );
        const failing = new Set(
          runs.flatMap((lhr) =>
            (lhr.categories.accessibility?.auditRefs ?? [])
              .map((ref) => lhr.audits[ref.id])
              .filter((a) => a && a.score !== null && a.score < 1)
              .map((a) => a?.id),
          ),
        );
        if (failing.size > 0) {
          console.log(`  accessibility findings: ${[...failing].join(', ')}`);
          for (const id of failing) {
            const nodes = runs
              .flatMap(
                (lhr) => itemsOf(lhr, id ?? '') as { node?: { selector?: string; snippet?: string } }[],
              )
              .map((item) => `${item.node?.selector ?? '?'} ${item.node?.snippet?.slice(0, 120) ?? ''}`);
            for (const node of [...new Set(nodes)].slice(0, 4)) console.log(`    ${id}: ${node}`);
          }
        }
        if (form === 'mobile') {
          printMainThread(runs[Math.floor((runs.length - 1) / 2)] as Result);
          if (page.firstPaintBytes) {
            report(
              `${page.name}: bytes on the wire before first paint`,
              median(runs.map(bytesBeforeFirstPaint)) / 1024,
              'KB',
              200,
            );
          }
        }
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    printLoad('end');
  }
}
