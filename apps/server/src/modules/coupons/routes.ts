// HTTP of coupons (docs/requirements.md §7 GET /product/coupontype/index/): the member's coupons. Coupons are the main account's
// business, like its orders; the order calls take `coupon` and answer the coupons usable for the order.

import { COUPONS_API, myCouponSchema, myCouponsQuery } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import type { CouponsService } from './service.js';

export const couponsRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (app, { coupons }) => {
  dataAt(
    app,
    'GET',
    [COUPONS_API.mine],
    {
      config: { access: 'packages' },
      tags: ['coupons'],
      summary: '我的优惠券',
      description:
        '可选 status：unused 未使用、locked 使用中（已锁定到待支付订单）、used 已使用、expired 已过期。未使用的在前（先到期的在前），其余按领取时间倒序。' +
        '优惠券在订单页选择（创建订单的 coupon 参数），发起支付时锁定到该订单，支付入账时核销，订单过期或改用其他优惠券时释放。子账号 HTTP 403。',
      querystring: myCouponsQuery,
      data: z.array(myCouponSchema),
    },
    (request) => coupons.mine(currentUser(request).account.id, request.query.status),
  );
};
