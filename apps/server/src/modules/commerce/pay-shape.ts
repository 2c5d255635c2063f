// How a payment is put before the payer, from the device (docs/decisions.md "Payment channels by device"): the
// mode a pay request names, or the User-Agent's; then what the channel can do with it.
import { MEMBER_APP_BASE, type PayMode } from '@uc/shared';
import type { PaymentProvider } from '../../providers/payment/types.js';

/** The request facts the choice and the provider need. */
export interface PayRequestContext {
  userAgent: string;
  /** request.ip (behind TRUST_PROXY, the client's): WeChat Pay H5's payer_client_ip. */
  clientIp: string;
  /** The order page that asked (Referer), to come back to after WeChat's sign-in. */
  referer: string;
}

/** WeChat's own browser; a phone or tablet browser; anything else is a desktop. */
export function modeOfUserAgent(userAgent: string): PayMode {
  if (/MicroMessenger/i.test(userAgent)) return 'jsapi';
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(userAgent)) return 'h5';
  return 'qr';
}

/**
 * The shape a channel can give: jsapi only on WeChat Pay with a payer sign-in; Alipay inside WeChat (whose browser
 * blocks Alipay's pages) and WeChat Pay without a sign-in get the QR code.
 */
export function shapeFor(mode: PayMode, channel: 'wechat' | 'alipay', provider: PaymentProvider): PayMode {
  if (mode !== 'jsapi') return mode;
  return channel === 'wechat' && provider.payerSignIn ? 'jsapi' : 'qr';
}

/**
 * The page to come back to after the sign-in: the Referer's path and query under /usercenter/ (relative to it), else
 * null. Only the path is kept: the browser returns to this server's own origin whatever the Referer's.
 */
export function returnPageOf(referer: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(referer, base);
  } catch {
    return null;
  }
  const prefix = `${MEMBER_APP_BASE}/`;
  if (!url.pathname.startsWith(prefix)) return null;
  return `${url.pathname.slice(prefix.length - 1)}${url.search}`;
}
