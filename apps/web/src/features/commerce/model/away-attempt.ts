// A payment that left the page (docs/decisions.md "Payment channels by device", "On the page"): the browser went to
// the provider (H5, wap) or to WeChat's sign-in (the payer's openid), and the member may come back to the order page
// with the back button or from the sign-in. The tab's sessionStorage remembers it, so the page that opens again
// resumes it: it polls the attempt's status, or pays again once WeChat knows the payer.

const KEY = 'uc-pay-away';

/** How long a remembered attempt is resumed: the order's 600-second payment time. */
const FRESH_MS = 600_000;

export interface AwayAttempt {
  /** The order's number (the status poll's). */
  outTradeNo: string;
  gid: number;
  payType: number;
  /** 'h5': the provider's page was opened; 'oauth': WeChat's sign-in, the page pays again on return. */
  mode: 'h5' | 'oauth';
  url: string;
  at: number;
}

/** The stored value when it has the shape written, else null. */
function readAway(text: string | null): AwayAttempt | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<AwayAttempt> | null;
    if (
      typeof value?.outTradeNo !== 'string' ||
      typeof value.gid !== 'number' ||
      typeof value.payType !== 'number' ||
      (value.mode !== 'h5' && value.mode !== 'oauth') ||
      typeof value.url !== 'string' ||
      typeof value.at !== 'number'
    )
      return null;
    return value as AwayAttempt;
  } catch {
    return null;
  }
}

export function rememberAway(attempt: Omit<AwayAttempt, 'at'>): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...attempt, at: Date.now() }));
  } catch {
    // Storage refused (a private window): the back button then shows the order without the attempt.
  }
}

/** The attempt remembered in this tab, while fresh. */
function remembered(): AwayAttempt | null {
  let saved: AwayAttempt | null = null;
  try {
    saved = readAway(window.sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
  return saved && Date.now() - saved.at <= FRESH_MS ? saved : null;
}

/** The attempt remembered for this order (same number, or the same goods for a sign-in). */
export function awayFor(order: { out_trade_no: string; gid: number }): AwayAttempt | null {
  const saved = remembered();
  if (!saved) return null;
  const same = saved.outTradeNo === order.out_trade_no || (saved.mode === 'oauth' && saved.gid === order.gid);
  return same ? saved : null;
}

export function forgetAway(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}

/**
 * A sign-in of WeChat that came back to the result page rather than to the order page (it learns the order page from
 * the pay call's Referer, which a no-referrer policy withholds): the order page should pay again.
 */
export function signInReturned(outTradeNo: string): boolean {
  const saved = remembered();
  return saved?.mode === 'oauth' && saved.outTradeNo === outTradeNo;
}
