// A change of plan at the end of the current period (docs/decisions.md "Legacy levels and changes of plan"): a lower
// plan paid now takes over when the running one ends, and the member's own legacy level renewed at its row's price.
import { z } from 'zod';
import { PURCHASE_KINDS, planItemSchema } from './commerce.js';

/** The lower plan scheduled to take over at the end of the current period. */
export const scheduledPlanChangeSchema = z.object({
  /** The plan it becomes, its name and level. */
  gid: z.number(),
  name: z.string(),
  level: z.number(),
  /** Years bought (1-5), from the current expiry. */
  count: z.number(),
  /** The paid order that bought it. */
  out_trade_no: z.string(),
  /** What was paid (yuan): owed back in full when the change is cancelled. */
  paid: z.number(),
  /** When it takes over (the member's current expiry, ISO) and the expiry it then runs to. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type ScheduledPlanChange = z.infer<typeof scheduledPlanChangeSchema>;

/** What ordering a plan now would be for the member, at the smallest count it may be bought for (nothing created). */
export const planOfferSchema = scheduledPlanChangeSchema.pick({ gid: true }).extend({
  /** renew, switch (an upgrade, its credit), start, or change (a lower plan at the end of the period). */
  kind: z.enum(PURCHASE_KINDS),
  /** 当前套餐剩余价值抵扣 (yuan) at that count, the smallest count, and what it costs then (yuan). */
  credit: z.number(),
  min_count: z.number(),
  price: z.number(),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

/** GET COMMERCE_API.planChange. */
export const planChangeStateSchema = z.object({
  /** null: none scheduled. */
  scheduled: scheduledPlanChangeSchema.nullable(),
  /** The member's legacy level's renewal row (not in the public catalogue); null for a current plan or none. */
  legacy_plan: planItemSchema.nullable(),
  /** Each membership plan the member may order now (on sale, and the own legacy row). */
  offers: z.array(planOfferSchema),
});
export type PlanChangeState = z.infer<typeof planChangeStateSchema>;
