// GET /api/ccw/goods/pay/status/?out_trade_no=: whether the order is paid, and the new token once it is.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { COMMERCE_API, type Envelope, LIMITS, type PayStatus } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { commerceKeys } from './keys';

export async function getPayStatus(outTradeNo: string): Promise<PayStatus> {
  const res = await http.get<Envelope<PayStatus>>(COMMERCE_API.payStatus, {
    params: { out_trade_no: outTradeNo },
  });
  return unwrap(res.data);
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
