// POST /api/ccw/goods/order/ (gid, count, coupon): creates an order and prices it (lines, credit, coupon, final
// price); an order of a tool's credit packs is created by POST /saastools/buytoolsactions (tool, pack, count, coupon),
// one of gift cards by POST /saastools/shoppaycard (product, count, coupon); both answer the same shape.
//
// Held as a query rather than a mutation: the page creates the order on entry and again for each quantity and coupon,
// and a query dedupes the double mount of development mode and drops the order as soon as the page leaves it
// (gcTime 0), so a later visit always starts with a fresh order. It never refetches by itself.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type BuyCreditsInput,
  type BuyGiftInput,
  CARDS_API,
  COMMERCE_API,
  endpoint,
  type OrderCreated,
  type OrderCreateInput,
  TOOLS_API,
  type ToolCode,
} from '@uc/shared';
import { call } from '../../../lib/http/http';
import { commerceKeys } from './keys';

export interface CreateOrderRequest {
  gid: number;
  count: number;
  /** An order of credit packs: the tool and the pack (gid is then PLAN.credits). */
  pack?: { tool: ToolCode; id: number } | undefined;
  /** An order of gift cards: the product (gid is then PLAN.gift). */
  gift?: number | undefined;
  /** The coupon chosen: its id, 0 for none; absent (not sent) keeps the coupon the open order already applies. */
  coupon?: number | undefined;
}

const PLAN_ORDER = endpoint<OrderCreated, OrderCreateInput>()('POST', COMMERCE_API.order);
const PACK_ORDER = endpoint<OrderCreated, BuyCreditsInput>()('POST', TOOLS_API.buy);
const GIFT_ORDER = endpoint<OrderCreated, BuyGiftInput>()('POST', CARDS_API.shop);

export function createOrder({ gid, count, pack, gift, coupon }: CreateOrderRequest): Promise<OrderCreated> {
  const choice = coupon === undefined ? {} : { coupon };
  if (pack) return call(PACK_ORDER, { input: { tool: pack.tool, pack: pack.id, count, ...choice } });
  if (gift) return call(GIFT_ORDER, { input: { product: gift, count, ...choice } });
  return call(PLAN_ORDER, { input: { gid, count, ...choice } });
}

/** `attempt` changes when the page asks for a brand-new order for the same plan and quantity. */
export const createOrderQueryOptions = (userId: number, request: CreateOrderRequest, attempt = 0) =>
  queryOptions({
    queryKey: [...commerceKeys.forUser(userId), 'order', request, attempt],
    queryFn: () => createOrder(request),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useCreateOrder(
  userId: number,
  request: CreateOrderRequest,
  attempt: number,
  enabled: boolean,
) {
  return useQuery({
    ...createOrderQueryOptions(userId, request, attempt),
    enabled: enabled && userId > 0 && request.gid > 0,
    placeholderData: keepPreviousData,
  });
}
