// GET /saastools/mytaocanorder/{id}: one order of the member, its payment attempts and what it changed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMERCE_API, endpoint, type OrderDetail } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { orderListKey } from './get-order-list';

const ENDPOINT = endpoint<OrderDetail>()('GET', COMMERCE_API.orderDetail);

export function getOrderDetail(outTradeNo: string): Promise<OrderDetail> {
  return call(ENDPOINT, { id: outTradeNo });
}

/** Under the list's key: what refreshes the list (a payment, a transfer asked for) refreshes the detail too. */
export const orderDetailQueryOptions = (userId: number, outTradeNo: string) =>
  queryOptions({
    queryKey: [...orderListKey(userId), 'detail', outTradeNo],
    queryFn: () => getOrderDetail(outTradeNo),
  });

export function useOrderDetail(userId: number, outTradeNo: string | null) {
  return useQuery({
    ...orderDetailQueryOptions(userId, outTradeNo ?? ''),
    enabled: userId > 0 && outTradeNo !== null,
  });
}
