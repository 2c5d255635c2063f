// The shop's own failure messages (SPEC.md §8 "Orders"), shown unless the HTTP client already acted on the
// failure (the login dialog, an error page, a toast of the server's text).
import { ORDER_CODE } from '@uc/shared';
import { ApiError } from '../../../lib/http/api-error';
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
 * their SPEC.md §8 text, anything else is 支付失败.
 */
export function payFailureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'business' && error.code !== undefined) {
    if (ORDER_CODES.includes(error.code) && error.message) return error.message;
  }
  return fallback;
}
