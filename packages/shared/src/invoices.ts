// Invoices (发票) of paid orders (docs/requirements.md §2, §9: plans 1 and 5 only ordinary electronic invoices): saved titles, one
// request per order, issued or rejected by an operator, reversed (红冲) after a refund (docs/decisions.md "invoices").
import { z } from 'zod';
import { emailField } from './account.js';
import { outTradeNoField } from './commerce.js';
import { textField } from './fields.js';
import { INVOICE_STATUSES } from './invoice-states.js';
import { MSG } from './messages.js';

/** Paths of the invoice calls (not in docs/requirements.md §7: the product's own). */
export const INVOICE_API = {
  /** GET -> InvoiceTitle[]; POST InvoiceTitleInput -> InvoiceTitle (the same type and title again: updated). */
  titles: '/api/ccw/invoice/titles/',
  /** DELETE: a saved title. */
  title: '/api/ccw/invoice/titles/{id}/',
  /** POST InvoiceApplyInput -> Invoice. */
  apply: '/api/ccw/invoice/apply/',
  /** GET ?page=&size=&status= -> Page<Invoice>, newest first. */
  list: '/api/ccw/invoice/list/',
  /** GET: the issued invoice's PDF. */
  pdf: '/api/ccw/invoice/{id}/pdf/',
} as const;

/** 普通电子发票, 增值税专用发票 (company titles only, plans that allow it). */
export const INVOICE_TYPES = ['normal', 'special'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_TEXT: Record<InvoiceType, string> = {
  normal: '普通电子发票',
  special: '增值税专用发票',
};

export const TITLE_TYPES = ['personal', 'company'] as const;
export type TitleType = (typeof TITLE_TYPES)[number];
export const TITLE_TYPE_TEXT: Record<TitleType, string> = { personal: '个人', company: '企业' };

/** A member keeps at most this many saved titles. */
export const INVOICE_TITLE_MAX = 20;

/** GB 32100-2015: the 18-character unified social credit code's alphabet (no I, O, S, V, Z) and weights. */
const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * Whether `code` (trimmed, any case) is a unified social credit code: 18 characters of the alphabet, the 3rd-8th (the
 * administrative division) digits, the last the check character alphabet[(31 - Σ value × weight mod 31) mod 31].
 */
export function isUnifiedCreditCode(code: string): boolean {
  const text = code.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(text)) return false;
  return creditCodeCheck(text.slice(0, 17)) === text.charAt(17);
}

/**
 * A unified social credit code from its parts: 91 (an enterprise registered with the market regulator), the 6-digit
 * division code, the 9-character organisation code (of the alphabet), and the check character.
 */
export function creditCodeOf(divisionCode: string, organisation: string): string {
  const first17 = `91${divisionCode.padEnd(6, '0').slice(0, 6)}${organisation.padStart(9, '0').slice(-9)}`;
  return first17 + creditCodeCheck(first17);
}

/** `n` in the code's alphabet (base 31), `width` characters. */
export function creditCodeDigits(n: number, width: number): string {
  let out = '';
  for (let v = Math.max(0, Math.floor(n)); out.length < width; v = Math.floor(v / 31)) {
    out = (USCC_ALPHABET[v % 31] ?? '0') + out;
  }
  return out;
}

/** The check character of a code's first 17 characters (of the alphabet, upper case). */
export function creditCodeCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += USCC_ALPHABET.indexOf(first17.charAt(i)) * (USCC_WEIGHTS[i] ?? 0);
  return USCC_ALPHABET.charAt((31 - (sum % 31)) % 31);
}

const titleText = textField(100, {
  error: MSG.invoiceTitleInvalid,
  tooLong: MSG.invoiceTitleInvalid,
}).transform((v) => v.trim());
const optionalText = (max: number, message: string) =>
  textField(max, { error: message, tooLong: message })
    .transform((v) => v.trim())
    .optional()
    .default('');

/** The fields of a title, checked together (a company's tax number, a person's name length). */
const titleFields = z.object({
  title_type: z.enum(TITLE_TYPES, { error: MSG.invoiceTitleTypeInvalid }),
  title: titleText,
  tax_no: optionalText(20, MSG.taxNoInvalid).transform((v) => v.toUpperCase()),
  email: emailField,
  address: optionalText(100, MSG.invoiceSpecialFields),
  phone: optionalText(30, MSG.invoiceSpecialFields),
  bank: optionalText(60, MSG.invoiceSpecialFields),
  bank_account: optionalText(34, MSG.invoiceSpecialFields),
});

type TitleFields = z.output<typeof titleFields>;

function checkTitle(value: TitleFields, ctx: z.RefinementCtx): void {
  const length = [...value.title].length;
  if (length < 2 || length > (value.title_type === 'personal' ? 60 : 100)) {
    ctx.addIssue({ code: 'custom', path: ['title'], message: MSG.invoiceTitleInvalid });
  }
  if (value.title_type === 'company' && !isUnifiedCreditCode(value.tax_no)) {
    ctx.addIssue({ code: 'custom', path: ['tax_no'], message: MSG.taxNoInvalid });
  }
}

/** A person has no tax number: whatever the form sent is dropped. */
const withoutPersonalTaxNo = <T extends TitleFields>(value: T): T =>
  value.title_type === 'personal' ? { ...value, tax_no: '' } : value;

/** POST /api/ccw/invoice/titles/ */
export const invoiceTitleBody = titleFields.superRefine(checkTitle).transform(withoutPersonalTaxNo);
export type InvoiceTitleInput = z.input<typeof invoiceTitleBody>;

/** POST /api/ccw/invoice/apply/: the order, the kind, and the title (a special invoice needs the company's details). */
export const invoiceApplyBody = titleFields
  .extend({
    out_trade_no: outTradeNoField,
    invoice_type: z.enum(INVOICE_TYPES, { error: MSG.invoiceTypeInvalid }),
    /** Save the title for next time (default true). */
    save_title: z.boolean().optional().default(true),
  })
  .superRefine((value, ctx) => {
    checkTitle(value, ctx);
    if (value.invoice_type !== 'special') return;
    if (value.title_type !== 'company') {
      ctx.addIssue({ code: 'custom', path: ['title_type'], message: MSG.invoiceSpecialCompanyOnly });
    }
    if (!value.address || !value.phone || !value.bank || !/^\d{8,34}$/.test(value.bank_account)) {
      ctx.addIssue({ code: 'custom', path: ['bank_account'], message: MSG.invoiceSpecialFields });
    }
  })
  .transform(withoutPersonalTaxNo);
export type InvoiceApplyInput = z.input<typeof invoiceApplyBody>;

/** What an invoice title prints: its kind, name, tax number and the contact and bank lines (as saved or as asked). */
export const invoiceTitleFields = {
  title_type: z.enum(TITLE_TYPES),
  title: z.string(),
  tax_no: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  bank: z.string(),
  bank_account: z.string(),
};

export const invoiceTitleSchema = z.object({
  id: z.number(),
  ...invoiceTitleFields,
  updated_at: z.string(),
});
export type InvoiceTitle = z.infer<typeof invoiceTitleSchema>;

/**
 * A red-letter (红字) invoice: an issued invoice's part a refund returned (a partial refund), or the rest of it (the
 * refund that returned everything; the invoice is then 已红冲). `number` once the operator issued it.
 */
export const redLetterSchema = z.object({
  id: z.number(),
  /** Yuan, positive: the amount taken off the invoice (printed negative on the red-letter invoice). */
  amount: z.number(),
  number: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
});
export type RedLetter = z.infer<typeof redLetterSchema>;

export const invoiceSchema = z.object({
  id: z.number(),
  out_trade_no: z.string(),
  /** What the order bought (the plan, pack or gift card's name). */
  order_name: z.string(),
  /**
   * Yuan: the invoice's amount, what the order kept (paid minus refunded): asked for, it follows later refunds;
   * issued, it is the amount printed, and a later refund is a red-letter invoice instead.
   */
  amount: z.number(),
  /** Yuan: what stays invoiced, the amount less its red-letter invoices (0 once 已红冲). */
  invoiced: z.number(),
  red_letters: z.array(redLetterSchema),
  invoice_type: z.enum(INVOICE_TYPES),
  title_type: z.enum(TITLE_TYPES),
  title: z.string(),
  tax_no: z.string(),
  email: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** The invoice number once issued. */
  number: z.string().nullable(),
  /** Why it was rejected (已驳回) or reversed (已红冲); null otherwise. */
  reason: z.string().nullable(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
  /** The PDF can be downloaded (issued, or reversed after being issued). */
  has_pdf: z.boolean(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceStatusField = z.enum(INVOICE_STATUSES, { error: MSG.invoiceStatusInvalid });

/** Push message code: an invoice of the member was issued (`message`: MSG.invoiceIssuedPush). */
export const PUSH_INVOICE_ISSUED = 4 as const;
