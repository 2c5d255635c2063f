// Lighthouse (12.8, Debian Chromium, offline) on the login page and the dashboard, mobile and desktop: performance and
// accessibility scores, and the bytes the browser really received before the first paint.
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { report } from './lib.js';

interface Page {
  name: string;
  path: string;
  budgets: { mobile: number; desktop: number };
}

const PAGES: Page[] = [
  { name: 'login', path: '/usercenter/checklogin/index', budgets: { mobile: 90, desktop: 98 } },
  { name: 'dashboard (visitor)', path: '/usercenter/dashboard', budgets: { mobile: 80, desktop: 95 } },
];

interface NetworkItem {
  url: string;
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

const ATTEMPTS = 3;

/** One Lighthouse run, repeated (at most ATTEMPTS times) while the trace fails to give the metrics. */
async function runOnce(port: number, url: string, form: 'mobile' | 'desktop'): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      form === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const error = measureError(result.lhr);
    if (!error || attempt === ATTEMPTS) return result.lhr;
    console.log(`  ${url} ${form}: lighthouse could not measure (${error}); running it again`);
  }
}

export async function benchLighthouse(origin: string) {
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
  try {
    for (const page of PAGES) {
      for (const form of ['mobile', 'desktop'] as const) {
        const lhr = await runOnce(chrome.port, `${origin}${page.path}`, form);
        const score = (id: string) => Math.round(100 * (lhr.categories[id]?.score ?? 0));
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        report(
          `${page.name}: Lighthouse performance, ${form}`,
          score('performance'),
          '',
          page.budgets[form],
          true,
        );
        report(`${page.name}: Lighthouse accessibility, ${form}`, score('accessibility'), '', 100, true);
        console.log(
          `${page.name} ${form}: FCP ${(audit('first-contentful-paint') / 1000).toFixed(1)} s, ` +
            `LCP ${(audit('largest-contentful-paint') / 1000).toFixed(1)} s, TBT ${audit('total-blocking-time').toFixed(0)} ms, ` +
            `CLS ${audit('cumulative-layout-shift').toFixed(3)}, ${itemsOf(lhr, 'network-requests').length} requests, ` +
            `${(audit('total-byte-weight') / 1024).toFixed(0)} KB transferred in all`,
        );
        const failing = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 1)
          .map((a) => a?.id);
        if (failing.length > 0) console.log(`  accessibility findings: ${failing.join(', ')}`);
        if (form === 'mobile') {
          report(
            `${page.name}: bytes on the wire before first paint`,
            bytesBeforeFirstPaint(lhr) / 1024,
            'KB',
            200,
          );
        }
      }
    }
  } finally {
    chrome.kill();
  }
}
