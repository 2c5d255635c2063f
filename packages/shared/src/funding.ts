// Funding records (docs/requirements.md §3 and §5): the form as zod schemas with its exact Chinese messages, and the rows the
// funding calls answer. Amounts in 万元.
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { cleanText, isDbId } from './fields.js';
import { MSG } from './messages.js';

/** Largest amount accepted, in 万元 (stored as hundredths in a 32-bit integer column). */
export const FUNDING_AMOUNT_MAX = 9_999_999.99;

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
/** Longer than any amount a person types (9999999.99 with spaces around). */
const AMOUNT_TEXT_MAX = 32;

const text = (required: string, length: string) =>
  cleanText(z.string({ error: required }))
    .trim()
    .min(1, required)
    .refine((v) => [...v].length <= LIMITS.fundingTextMax, length);

/**
 * Amount in 万元 as typed (string from a form, number from JSON or an InputNumber): required, numeric, >= 0,
 * at most two decimals. Parses to a number of 万元.
 */
const amount = z
  .union([z.string().max(AMOUNT_TEXT_MAX, MSG.fundingAmountNumeric), z.number(), z.null()], {
    error: MSG.fundingAmountNumeric,
  })
  .optional()
  .transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const typed = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value;
    const trimmed = (typed ?? '').trim();
    if (trimmed === '') return fail(MSG.fundingAmountRequired);
    if (!NUMBER_TEXT.test(trimmed)) return fail(MSG.fundingAmountNumeric);
    if (trimmed.startsWith('-') && Number(trimmed) !== 0) return fail(MSG.fundingAmountNegative);
    if ((trimmed.split('.')[1] ?? '').length > 2) return fail(MSG.fundingAmountDecimals);
    const parsed = Math.abs(Number(trimmed));
    if (parsed > FUNDING_AMOUNT_MAX) return fail(MSG.fundingAmountTooLarge);
    return parsed;
  });

/** One rule per field of the funding dialog, for field-level validators. */
export const fundingRules = {
  projectName: text(MSG.fundingProjectNameRequired, MSG.fundingProjectNameLength),
  depName: text(MSG.fundingDepNameRequired, MSG.fundingDepNameLength),
  amount,
} as const;

/** The funding dialog (add or edit). */
export const fundingForm = z.object(fundingRules);
export type FundingFormInput = z.input<typeof fundingForm>;
export type FundingFormValues = z.output<typeof fundingForm>;

/** POST /tools/api/SavePublicity/ body: the form plus `id` when editing (absent or empty when adding). */
export const fundingSaveBody = fundingForm.extend({
  id: z
    .union([z.string().max(AMOUNT_TEXT_MAX, MSG.fundingIdInvalid), z.number(), z.null()], {
      error: MSG.fundingIdInvalid,
    })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return undefined;
      const id = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
      if (!isDbId(id)) {
        ctx.addIssue({ code: 'custom', message: MSG.fundingIdInvalid });
        return z.NEVER;
      }
      return id;
    }),
});
export type FundingSaveBody = z.input<typeof fundingSaveBody>;

/** An amount in 万元 (at most two decimals) as an exact integer of hundredths, and back. */
export const fundingAmount = {
  toHundredths: (wan: number): number => Math.round(wan * 100),
  fromHundredths: (hundredths: number): number => hundredths / 100,
} as const;

/** Funding record as a list row (docs/requirements.md §3). Amount in 万元. */
export const fundingRowSchema = z.object({
  id: z.number(),
  projectname: z.string(),
  depname: z.string(),
  amount: z.number(),
});
export type FundingRow = z.infer<typeof fundingRowSchema>;

/** Funding chart row (docs/requirements.md §3). */
export const fundingSummaryRowSchema = z.object({
  dept_name: z.string(),
  amount: z.number(),
  count: z.number(),
});
export type FundingSummaryRow = z.infer<typeof fundingSummaryRowSchema>;

/** POST DelPublicityListById data. */
export const fundingDeletedSchema = z.object({ deleted: z.number() });
export type FundingDeleted = z.infer<typeof fundingDeletedSchema>;
