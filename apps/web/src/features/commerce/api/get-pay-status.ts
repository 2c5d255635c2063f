// GET /api/ccw/goods/pay/status/?out_trade_no=: whether the order is paid, and the new token once it is.
import { queryOptions, useQuery } from '@tanstack/react-query';
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
