// The console's 发票 section: its calls (paths under STAFF_API_BASE), queries, bodies and answers — the queue of
// requests, issuing with the PDF and number (multipart), rejecting with a reason the member sees, and 红冲.
import { z } from 'zod';
import { textField } from './fields.js';
import { INVOICE_STATUSES } from './invoice-states.js';
import { INVOICE_TYPES, invoiceTitleFields, redLetterSchema } from './invoices.js';
import { MSG } from './messages.js';
import { reasonField } from './staff.js';
import { dateRangeFilter } from './staff-cards.js';

export const STAFF_INVOICES_API = {
  /** GET StaffInvoiceQuery -> Page<StaffInvoice>, oldest pending first. */
  list: '/api/admin/invoices/',
  /** GET StaffInvoiceQuery (no paging) -> .xlsx. */
  export: '/api/admin/invoices/export/',
  /** GET -> StaffInvoice. */
  detail: '/api/admin/invoices/{id}/',
  /** GET -> the issued PDF. */
  pdf: '/api/admin/invoices/{id}/pdf/',
  /** POST multipart: field number, file field file (a PDF) -> StaffInvoice. */
  issue: '/api/admin/invoices/{id}/issue/',
  /** POST { reason } -> StaffInvoice. */
  reject: '/api/admin/invoices/{id}/reject/',
  /** POST { reason, red_number? } -> StaffInvoice. */
  reverse: '/api/admin/invoices/{id}/reverse/',
  /** POST { number } -> StaffInvoice: the number of a red-letter invoice issued in the tax system, recorded once. */
  redLetter: '/api/admin/invoices/{id}/red-letters/{red_id}/',
} as const;

/** The largest invoice PDF accepted (an electronic invoice is tens of kilobytes). */
export const INVOICE_PDF_MAX_BYTES = 5 * 1024 * 1024;
export const INVOICE_NUMBER_MAX = 40;

export const staffInvoiceQuery = z.object({
  status: z.enum(INVOICE_STATUSES, { error: MSG.badRequest }).optional(),
  /** A username or a member id. */
  member: textField(32).trim().optional(),
  out_trade_no: textField(64).trim().optional(),
  title: textField(100).trim().optional(),
  ...dateRangeFilter,
});
export type StaffInvoiceQuery = z.infer<typeof staffInvoiceQuery>;

export const staffInvoiceSchema = z.object({
  id: z.number(),
  status: z.enum(INVOICE_STATUSES),
  invoice_type: z.enum(INVOICE_TYPES),
  ...invoiceTitleFields,
  /** Yuan: asked for, what the order kept (it is issued at that); issued, the amount printed. */
  amount: z.number(),
  /** Yuan: the order's paid amount, what refunds returned of it, and what it kept (paid - refunded). */
  paid: z.number(),
  refunded: z.number(),
  kept: z.number(),
  /** Yuan: what stays invoiced, the amount less its red-letter invoices. */
  invoiced: z.number(),
  red_letters: z.array(redLetterSchema),
  user_id: z.number(),
  username: z.string(),
  out_trade_no: z.string(),
  order_name: z.string(),
  /** The order's state: a 红冲 needs `refunded`. */
  order_status: z.string(),
  number: z.string().nullable(),
  /** The red-letter invoice's number of a 红冲, when one was given. */
  red_number: z.string().nullable(),
  /** Why it was rejected or reversed (the member sees it). */
  reason: z.string().nullable(),
  has_pdf: z.boolean(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type StaffInvoice = z.infer<typeof staffInvoiceSchema>;

export const invoiceNumberField = textField(INVOICE_NUMBER_MAX, {
  error: MSG.invoiceNumberInvalid,
  tooLong: MSG.invoiceNumberInvalid,
})
  .trim()
  .min(1, MSG.invoiceNumberInvalid);

export const reverseInvoiceBody = z.object({
  reason: reasonField,
  red_number: invoiceNumberField.optional(),
});
export type ReverseInvoiceBody = z.input<typeof reverseInvoiceBody>;

/** The number of a red-letter invoice a refund produced, once it was issued in the tax system. */
export const redLetterNumberBody = z.object({ number: invoiceNumberField });
export type RedLetterNumberBody = z.input<typeof redLetterNumberBody>;
