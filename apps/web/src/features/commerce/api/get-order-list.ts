// GET /api/ccw/goods/pay/order/list/?page=&size=&status=: the member's orders, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COMMERCE_API, endpoint, type OrderListFilter, type OrderListItem, type Page } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { queryRoots } from '../../../lib/query-roots';

export interface OrderListRequest {
  page: number;
  size: number;
  /** Absent: every order; `pending`: created or paying. */
  status?: OrderListFilter;
}

const ENDPOINT = endpoint<Page<OrderListItem>, OrderListRequest>()('GET', COMMERCE_API.orderList);

export function getOrderList(params: OrderListRequest): Promise<Page<OrderListItem>> {
  return call(ENDPOINT, { input: params });
}

export const orderListKey = queryRoots.orders;

export const orderListQueryOptions = (userId: number, params: OrderListRequest) =>
  queryOptions({
    queryKey: [...orderListKey(userId), params],
    queryFn: () => getOrderList(params),
  });

export function useOrderList(userId: number, params: OrderListRequest) {
  return useQuery({
    ...orderListQueryOptions(userId, params),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
