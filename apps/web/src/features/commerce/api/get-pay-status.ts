// GET /api/ccw/goods/pay/status/?out_trade_no=: whether the order is paid, and the new token once it is.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMERCE_API, endpoint, LIMITS, type OutTradeNoBody, type PayStatus } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { commerceKeys } from './keys';

const ENDPOINT = endpoint<PayStatus, OutTradeNoBody>()('GET', COMMERCE_API.payStatus);

export function getPayStatus(outTradeNo: string): Promise<PayStatus> {
  return call(ENDPOINT, { input: { out_trade_no: outTradeNo } });
}

export const payStatusQueryOptions = (userId: number, outTradeNo: string) =>
  queryOptions({
    queryKey: [...commerceKeys.forUser(userId), 'payStatus', outTradeNo],
    queryFn: () => getPayStatus(outTradeNo),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Polls every LIMITS.orderPollMs while `enabled` (the QR code shows and the countdown runs). */
export function usePayStatus(userId: number, outTradeNo: string, enabled: boolean) {
  return useQuery({
    ...payStatusQueryOptions(userId, outTradeNo),
    enabled: enabled && userId > 0 && outTradeNo !== '',
    refetchInterval: enabled ? LIMITS.orderPollMs : false,
    refetchIntervalInBackground: true,
  });
}

/** How many answers the result page waits for before it says 支付未完成 (the provider may notify a moment late). */
export const RESULT_CHECKS = 3;

/**
 * The result page's check: asks every LIMITS.orderPollMs until the order is paid or RESULT_CHECKS answers said it
 * is not; a failure stops it (the page offers to ask again).
 */
export function usePayResult(userId: number, outTradeNo: string) {
  const options = payStatusQueryOptions(userId, outTradeNo);
  const result = useQuery({
    ...options,
    enabled: userId > 0 && outTradeNo !== '',
    refetchInterval: (query) =>
      query.state.data?.status === true || query.state.dataUpdateCount >= RESULT_CHECKS || query.state.error
        ? false
        : LIMITS.orderPollMs,
  });
  /** The answers received so far. */
  const checks = useQueryClient().getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  return { ...result, checks };
}
