// The member's API call balance as the plan list and the API order page print it (GET surplus).
import { type ApiSurplus, shanghaiDate } from '@uc/shared';
import { countText } from './money';

/** Shown when the member never bought the API package. */
export const API_NEVER_BOUGHT = '暂未购买';

/**
 * `剩余调用 12,000 次 · 有效期至 2027-03-01` (with `lead` '剩余调用 '), `0 次 · 已于 2026-01-01 到期` once the calls ran
 * out with the package, 暂未购买 when nothing was ever bought.
 */
export function apiBalanceText(surplus: ApiSurplus, now: number, lead = ''): string {
  if (surplus.total <= 0) return API_NEVER_BOUGHT;
  const calls = `${lead}${countText(surplus.surplus)} 次`;
  if (!surplus.expired_time) return calls;
  const date = shanghaiDate(surplus.expired_time);
  return Date.parse(surplus.expired_time) > now
    ? `${calls} · 有效期至 ${date}`
    : `${calls} · 已于 ${date} 到期`;
}
