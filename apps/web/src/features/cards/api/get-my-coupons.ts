// GET /product/coupontype/index/?status=: the member's coupons (unused first, the soonest to end first), all of them or
// those of one state. Under the cards' key, so binding a coupon card asks for them again.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COUPONS_API, type CouponState, endpoint, type MyCoupon } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { cardsKeys } from './cards';

export interface MyCouponsRequest {
  /** Absent: every coupon. */
  status?: CouponState;
}

const ENDPOINT = endpoint<MyCoupon[], MyCouponsRequest>()('GET', COUPONS_API.mine);

export function getMyCoupons(params: MyCouponsRequest): Promise<MyCoupon[]> {
  return call(ENDPOINT, { input: params });
}

export const myCouponsKey = (userId: number) => [...cardsKeys.forUser(userId), 'coupons'] as const;

export const myCouponsQueryOptions = (userId: number, params: MyCouponsRequest) =>
  queryOptions({
    queryKey: [...myCouponsKey(userId), params],
    queryFn: () => getMyCoupons(params),
  });

export function useMyCoupons(userId: number, params: MyCouponsRequest) {
  return useQuery({
    ...myCouponsQueryOptions(userId, params),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
