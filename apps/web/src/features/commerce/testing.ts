// Test fixtures of the shop: the catalogue, an order as the server prices it (with the member's coupons), and the
// routes every screen reads.
import {
  COMMERCE_API,
  type CusInfo,
  HOME_API,
  HOME_STATS_API,
  MSG,
  type OrderCoupon,
  type OrderCreated,
  type OrderDetail,
  type PlanItem,
  type SetmealInfo,
} from '@uc/shared';
import type { Routes } from '../../test/api';
import { cusInfoFixture } from '../../test/session';

const plan = (
  gid: number,
  name: string,
  level: number | null,
  price: number,
  extra: Partial<PlanItem> = {},
) =>
  ({
    gid,
    name,
    level,
    unit_price: price,
    unit: gid === 1 || gid === 11 || gid === 6 ? 'year' : 'months12',
    api_calls_per_unit: level === null ? 50_000 : null,
    features: [`${name}权益一`, `${name}权益二`],
    on_sale: true,
    plain_invoice_only: gid === 1,
    ...extra,
  }) satisfies PlanItem;

export const PLANS: PlanItem[] = [
  plan(1, 'VIP地方版', 20, 1980),
  plan(12, 'VIP高级版', 21, 3980),
  plan(13, 'VIP专业版', 22, 6980),
  plan(6, '至尊版', 60, 19800),
  plan(11, '集团版', 61, 39800),
  plan(14, 'API套餐', null, 9800),
];

export function orderFixture(overrides: Partial<OrderCreated> = {}): OrderCreated {
  const count = overrides.count ?? 1;
  const total = 6980 * count;
  return {
    out_trade_no: `T2026${count}000001`,
    gid: 13,
    name: 'VIP专业版',
    count,
    price: total,
    price_list: [],
    total,
    credit: 0,
    lines: [{ label: `VIP专业版 × ${count}年`, amount: total }],
    min_count: 1,
    late_time: '2026-03-01T10:10:00.000Z',
    expired_time: '2026-03-20T00:00:00.000Z',
    new_expired_time: `${2026 + count}-03-20T00:00:00.000Z`,
    status: 'created',
    kind: 'renew',
    unused_days: 0,
    pack: null,
    gift: null,
    coupon: null,
    coupons: [],
    ...overrides,
  };
}

/** The member's coupons as the order page of VIP专业版 offers them, best first: two usable, one for other goods. */
export const ORDER_COUPONS: OrderCoupon[] = [
  {
    id: 2,
    name: '专业版8折券',
    rule: '8折 最高减1000',
    valid_end: '2026-04-30T04:00:00.000Z',
    usable: true,
    discount: 1000,
    reason: null,
  },
  {
    id: 1,
    name: '新人满减券',
    rule: '满1000减200',
    valid_end: '2026-03-30T04:00:00.000Z',
    usable: true,
    discount: 200,
    reason: null,
  },
  {
    id: 3,
    name: '次数包代金券',
    rule: '立减50',
    valid_end: '2026-05-30T04:00:00.000Z',
    usable: false,
    discount: 0,
    reason: MSG.couponNotForGoods,
  },
];

/** The order with `coupons` offered and the usable one of id `choice` applied, as the server prices it (0: none). */
export function withCoupon(order: OrderCreated, choice: number, coupons = ORDER_COUPONS): OrderCreated {
  const applied = coupons.find((c) => c.usable && c.id === choice);
  if (!applied) return { ...order, coupon: null, coupons };
  return {
    ...order,
    price: order.price - applied.discount,
    lines: [...order.lines, { label: `优惠券（${applied.name}）`, amount: -applied.discount }],
    coupon: { id: applied.id, name: applied.name, discount: applied.discount },
    coupons,
  };
}

/** An upgrade of the professional member to 至尊版 (kind 'switch'), 19 unused days credited. */
export const upgradeFixture = (overrides: Partial<OrderCreated> = {}): OrderCreated =>
  orderFixture({
    gid: 6,
    name: '至尊版',
    kind: 'switch',
    unused_days: 19,
    total: 19800,
    credit: 666.3,
    price: 19133.7,
    lines: [
      { label: '至尊版 × 1年', amount: 19800 },
      { label: '当前套餐剩余价值抵扣', amount: -666.3 },
    ],
    ...overrides,
  });

/** The routes every shop screen reads besides its own: the member's plan, the catalogue, the API balance. */
export function shopRoutes(
  base: { cusInfo?: Partial<CusInfo>; setmeal?: Partial<SetmealInfo> } = {},
): Routes {
  return {
    get: {
      [HOME_API.cusInfo]: () => cusInfoFixture({ expired_time: '2026-03-20T00:00:00.000Z', ...base.cusInfo }),
      [HOME_STATS_API.setmeal]: () => ({
        gid: 13,
        name: 'VIP专业版',
        level: 22,
        level_name: 'VIP专业版',
        expired_time: '2026-03-20T00:00:00.000Z',
        days_left: 20,
        expired: false,
        ...base.setmeal,
      }),
      [COMMERCE_API.planList]: () => PLANS,
      // No API package bought yet.
      [COMMERCE_API.surplus]: () => ({ total: 0, used: 0, surplus: 0, expired_time: null }),
      // No plan change scheduled, no legacy level, no quotes (the cards fall back to the levels).
      [COMMERCE_API.planChange]: () => ({ scheduled: null, legacy_plan: null, offers: [] }),
    },
  };
}

/** One order of the member as 订单详情 answers it: VIP专业版 for a year, unpaid and payable unless overridden. */
export function orderDetailFixture(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    out_trade_no: 'T20261000001',
    gid: 13,
    name: 'VIP专业版',
    count: 1,
    total: 6980,
    credit: 0,
    price: 6980,
    status: 'paying',
    closed_reason: null,
    channel: null,
    created_at: '2026-03-01T10:00:00.000Z',
    paid_at: null,
    late_time: '2026-03-01T10:10:00.000Z',
    payable: true,
    refund: 0,
    pack: null,
    gift: null,
    coupon: 0,
    coupon_name: null,
    invoice: null,
    invoiceable: false,
    plain_invoice_only: false,
    attempts: [],
    refunds: [],
    kept: 0,
    change: null,
    grant: null,
    ...overrides,
  };
}
