// GET /saastools/mytaocanorder/{id}: one order of the member, its payment attempts and what it changed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { COMMERCE_API, type Envelope, fillPath, type OrderDetail } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { orderListKey } from './get-order-list';

export async function getOrderDetail(outTradeNo: string): Promise<OrderDetail> {
  const res = await http.get<Envelope<OrderDetail>>(fillPath(COMMERCE_API.orderDetail, outTradeNo));
  return unwrap(res.data);
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
