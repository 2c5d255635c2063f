// The console's 卡券与优惠券 section: its calls (paths under STAFF_API_BASE), queries, bodies and answers — card
// batches (create, void, export the secrets once) and coupon templates (create, edit, stop, issue to members).
import { z } from 'zod';
import { CARD_GRANT_KINDS } from './cards.js';
import { yuanToFen } from './commerce.js';
import { COUPON_KINDS } from './coupons.js';
import { DB_INT_MAX, idField, integerIn, textField } from './fields.js';
import { MSG } from './messages.js';
import { reasonField } from './staff.js';

export const STAFF_CARDS_API = {
  /** GET CardBatchQuery -> Page<CardBatch>, newest first; POST CreateCardBatchBody -> CardBatch. */
  batches: '/api/admin/card-batches/',
  /** GET CardBatchQuery (no paging) -> .xlsx of the list. */
  batchesExport: '/api/admin/card-batches/export/',
  /** POST -> .xlsx of the batch's card numbers and secrets, once (410 after). */
  batchSecrets: '/api/admin/card-batches/{id}/secrets/',
  /** POST { reason } -> CardBatch: its unbound cards bind no more. */
  batchVoid: '/api/admin/card-batches/{id}/void/',
  /** GET TemplateQuery -> Page<CouponTemplate>; POST CouponTemplateBody -> CouponTemplate. */
  templates: '/api/admin/coupon-templates/',
  /** GET TemplateQuery -> .xlsx of every template of the filter. */
  templatesExport: '/api/admin/coupon-templates/export/',
  /** PUT CouponTemplateBody -> CouponTemplate. */
  template: '/api/admin/coupon-templates/{id}/',
  /** POST { reason } -> CouponTemplate: no more are issued (those issued stay usable). */
  templateDisable: '/api/admin/coupon-templates/{id}/disable/',
  /** POST IssueCouponsBody -> IssueCouponsResult. */
  templateIssue: '/api/admin/coupon-templates/{id}/issue/',
} as const;

/** The most cards one batch holds, and the most members one issue reaches. */
export const CARD_BATCH_MAX = 10_000;
export const COUPON_ISSUE_MAX = 1_000;

export const CARD_BATCH_STATES = ['active', 'void'] as const;
export type CardBatchState = (typeof CARD_BATCH_STATES)[number];
export const CARD_BATCH_STATE_TEXT: Record<CardBatchState, string> = { active: '有效', void: '已作废' };
export const CARD_GRANT_KIND_TEXT: Record<(typeof CARD_GRANT_KINDS)[number], string> = {
  plan: '会员套餐',
  credits: '工具次数',
  api: 'API调用次数',
  coupon: '优惠券',
};

/** A Shanghai date YYYY-MM-DD of a filter (inclusive). */
export const dateFilterField = z
  .string({ error: MSG.badRequest })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.badRequest)
  .optional();

/** A filter's from / to: Shanghai dates (YYYY-MM-DD), inclusive. */
export const dateRangeFilter = { from: dateFilterField, to: dateFilterField };

export const cardBatchQuery = z.object({
  name: textField(60).optional(),
  grant_kind: z.enum(CARD_GRANT_KINDS, { error: MSG.badRequest }).optional(),
  status: z.enum(CARD_BATCH_STATES, { error: MSG.badRequest }).optional(),
  /** Created from / to (Shanghai dates). */
  ...dateRangeFilter,
});
export type CardBatchQuery = z.infer<typeof cardBatchQuery>;

export const cardBatchSchema = z.object({
  id: z.number(),
  name: z.string(),
  grant_kind: z.enum(CARD_GRANT_KINDS),
  /** What a card gives, in words (套餐名 2年, 工具 100次, ...). */
  grant: z.string(),
  count: z.number(),
  /** Cards bound (redeemed) so far. */
  bound: z.number(),
  /** The staff member who created it ('cli' from the command line; null before the console). */
  created_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  status: z.enum(CARD_BATCH_STATES),
  /** Whether its secrets were handed out (exported once, or written by the command line). */
  exported: z.boolean(),
  exported_at: z.string().nullable(),
});
export type CardBatch = z.infer<typeof cardBatchSchema>;

/**
 * A new batch: plan (grant_gid, units = years), credits (grant_tool, units = uses), api (units = calls, a multiple of
 * the API package's calls per unit), coupon (grant_template; one coupon per card). Checked against the catalogue by
 * the server.
 */
export const createCardBatchBody = z.object({
  name: textField(60, { error: MSG.batchNameInvalid, tooLong: MSG.batchNameInvalid })
    .trim()
    .min(1, MSG.batchNameInvalid),
  grant_kind: z.enum(CARD_GRANT_KINDS, { error: MSG.batchGrantInvalid }),
  grant_gid: idField(MSG.batchGrantInvalid).optional(),
  grant_tool: textField(32, { error: MSG.batchGrantInvalid }).optional(),
  grant_template: idField(MSG.batchGrantInvalid).optional(),
  units: integerIn(1, 100_000_000, MSG.batchGrantInvalid).optional(),
  count: integerIn(1, CARD_BATCH_MAX, MSG.batchCountInvalid),
  /** The last day the cards bind (Shanghai), YYYY-MM-DD. */
  expires: z.string({ error: MSG.batchExpiresInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, MSG.batchExpiresInvalid),
  reason: reasonField,
});
export type CreateCardBatchBody = z.input<typeof createCardBatchBody>;

export const reasonBody = z.object({ reason: reasonField });
export type ReasonBody = z.input<typeof reasonBody>;

// --- Coupon templates ---

export const COUPON_TEMPLATE_STATES = ['active', 'stopped'] as const;
export type CouponTemplateState = (typeof COUPON_TEMPLATE_STATES)[number];
export const COUPON_TEMPLATE_STATE_TEXT: Record<CouponTemplateState, string> = {
  active: '发放中',
  stopped: '已停用',
};

export const couponTemplateQuery = z.object({
  name: textField(30).optional(),
  kind: z.enum(COUPON_KINDS, { error: MSG.badRequest }).optional(),
  status: z.enum(COUPON_TEMPLATE_STATES, { error: MSG.badRequest }).optional(),
});

export const couponTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** 满减 threshold, amount off (满减, 代金券), cap of a 折扣, in yuan. */
  threshold: z.number(),
  amount: z.number(),
  /** 折扣: the percent paid (80 = 8折). */
  percent: z.number().nullable(),
  cap: z.number().nullable(),
  /** The gids it applies to; null: all goods. */
  plans: z.array(z.number()).nullable(),
  /** The rule and the goods in words. */
  rule: z.string(),
  scope: z.string(),
  valid_days: z.number().nullable(),
  valid_start: z.string().nullable(),
  valid_end: z.string().nullable(),
  total_count: z.number().nullable(),
  take_limit: z.number().nullable(),
  issued_count: z.number(),
  on_register: z.boolean(),
  status: z.enum(COUPON_TEMPLATE_STATES),
  created_at: z.string(),
});
export type CouponTemplate = z.infer<typeof couponTemplateSchema>;

/** Yuan as a number or text with at most 2 decimals, into fen. */
const fenField = z.union([z.number(), z.string()], { error: MSG.templateInvalid }).transform((value, ctx) => {
  const fen = yuanToFen(value);
  if (fen === null) {
    ctx.addIssue({ code: 'custom', message: MSG.templateInvalid });
    return z.NEVER;
  }
  return fen;
});
const dayField = z.string({ error: MSG.templateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, MSG.templateInvalid);

/**
 * A template's rule (docs/decisions.md "coupons"): 满减 needs an amount below its threshold, 代金券 an amount,
 * 折扣 the percent paid (1-99) and maybe a cap; validity is valid_days after issue or a fixed window up to
 * valid_until (from valid_from, default the day it is saved). Money in yuan on the wire.
 */
export const couponTemplateBody = z
  .object({
    name: textField(30, { error: MSG.templateInvalid }).trim().min(1, MSG.templateInvalid),
    kind: z.enum(COUPON_KINDS, { error: MSG.templateInvalid }),
    threshold: fenField.optional(),
    amount: fenField.optional(),
    percent: integerIn(1, 99, MSG.templateInvalid).optional(),
    cap: fenField.optional(),
    plans: z
      .array(integerIn(1, DB_INT_MAX, MSG.templateInvalid))
      .min(1)
      .max(50)
      .nullable()
      .optional(),
    valid_days: integerIn(1, 3650, MSG.templateInvalid).optional(),
    valid_from: dayField.optional(),
    valid_until: dayField.optional(),
    total_count: integerIn(1, 10_000_000, MSG.templateInvalid).optional(),
    take_limit: integerIn(1, 1000, MSG.templateInvalid).optional(),
    on_register: z.boolean({ error: MSG.templateInvalid }).default(false),
    reason: reasonField,
  })
  .superRefine((t, ctx) => {
    // On a field: an issue of the whole body would be answered with the generic message.
    const fail = () => ctx.addIssue({ code: 'custom', message: MSG.templateInvalid, path: ['kind'] });
    if (t.kind === 'discount' && t.percent === undefined) fail();
    if (t.kind !== 'discount' && !(t.amount && t.amount > 0)) fail();
    if (t.kind === 'full_reduction' && !(t.threshold && t.threshold > (t.amount ?? 0))) fail();
    if ((t.valid_days === undefined) === (t.valid_until === undefined)) fail();
    if (t.valid_from && t.valid_until && t.valid_until < t.valid_from) fail();
  });
export type CouponTemplateBody = z.input<typeof couponTemplateBody>;
export type CouponTemplateValues = z.output<typeof couponTemplateBody>;

/** Members by username or id, one each (a main account: a sub-account holds no coupons). */
export const issueCouponsBody = z.object({
  members: z
    .array(textField(32, { error: MSG.issueTargetsInvalid }).trim().min(1, MSG.issueTargetsInvalid), {
      error: MSG.issueTargetsInvalid,
    })
    .min(1, MSG.issueTargetsInvalid)
    .max(COUPON_ISSUE_MAX, MSG.issueTargetsInvalid),
  reason: reasonField,
});
export type IssueCouponsBody = z.input<typeof issueCouponsBody>;

export const issueCouponsResultSchema = z.object({
  issued: z.number(),
  skipped: z.number(),
  /** Each member not issued one, with why (unknown, sold out, over the limit). */
  skipped_members: z.array(z.object({ member: z.string(), reason: z.string() })),
});
export type IssueCouponsResult = z.infer<typeof issueCouponsResultSchema>;

/** A filter's Shanghai dates as stored UTC times: `from` its first instant, `until` the first instant after `to`. */
export function shanghaiDayRange(from?: string, to?: string): { from?: string; until?: string } {
  const dayStart = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
  const at = (ms: number) => (Number.isNaN(ms) ? undefined : new Date(ms).toISOString());
  return {
    ...(from ? { from: at(dayStart(from)) } : {}),
    ...(to ? { until: at(dayStart(to) + 86_400_000) } : {}),
  };
}
