// The shop's own failure messages (docs/requirements.md §8 "Orders"), shown unless the HTTP client already acted on the
// failure (the login dialog, an error page, a toast of the server's text).
import { ApiError } from '@uc/client';
import { MSG, ORDER_CODE } from '@uc/shared';
import { toastError } from '../../../lib/ui/feedback';

export function handledByClient(error: unknown): boolean {
  return error instanceof ApiError && error.handledBy !== 'none';
}

export function reportFailure(error: unknown, text: string): void {
  if (!handledByClient(error)) toastError(text);
}

const ORDER_CODES: readonly number[] = Object.values(ORDER_CODE);

/**
 * A failure of the pay or transfer call: the order failures the server names (订单异常, 订单已过期, 支付失败) keep
 * their docs/requirements.md §8 text, anything else is 支付失败.
 */
export function payFailureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'business' && error.code !== undefined) {
    if (ORDER_CODES.includes(error.code) && error.message) return error.message;
  }
  return fallback;
}

/**
 * The pay or transfer call refused the order's coupon: another order took it, or it ran out, since the order was
 * priced (HTTP 400 with MSG.couponUnavailable, which the client has shown). The order is to be priced again.
 */
export function couponTaken(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.message === MSG.couponUnavailable;
}

/**
 * Why the order page could not create its order: `included`, a plan the member's running level already covers
 * (已享更高权益, 20105); `abnormal`, no quantity can be priced at >= 0 (订单异常, 20102); both answer the same again,
 * so the page offers the plans rather than a retry. Anything else may pass on a retry.
 */
export type CreationFailure = 'included' | 'abnormal' | 'other';

export function creationFailure(error: unknown): CreationFailure {
  if (!(error instanceof ApiError) || error.kind !== 'business') return 'other';
  if (error.code === ORDER_CODE.planIncluded) return 'included';
  if (error.code === ORDER_CODE.abnormal) return 'abnormal';
  return 'other';
}
