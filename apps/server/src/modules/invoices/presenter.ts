// Invoice rows into the shapes of @uc/shared (yuan on the wire).
import {
  fenToYuan,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  type Invoice,
  type InvoiceStatus,
  type InvoiceTitle,
  type InvoiceType,
  type RedLetter,
  TITLE_TYPES,
  type TitleType,
} from '@uc/shared';
import type { InvoiceRedLetterRow, InvoiceTitleRow } from '../../db/schema.js';
import type { InvoiceFacts } from './repo.js';

const oneOf =
  <T extends string>(values: readonly T[], fallback: T) =>
  (value: string): T =>
    (values as readonly string[]).includes(value) ? (value as T) : fallback;
export const statusOf = oneOf<InvoiceStatus>(INVOICE_STATUSES, 'pending');
export const typeOf = oneOf<InvoiceType>(INVOICE_TYPES, 'normal');
export const titleTypeOf = oneOf<TitleType>(TITLE_TYPES, 'company');

type BuyerField = 'title' | 'tax_no' | 'email' | 'address' | 'phone' | 'bank' | 'bank_account';

/** The buyer details a title and a request both carry, in the order the answers list them. */
export function buyerOf<T extends Record<BuyerField, unknown>>(r: T): Pick<T, BuyerField> {
  return {
    title: r.title,
    tax_no: r.tax_no,
    email: r.email,
    address: r.address,
    phone: r.phone,
    bank: r.bank,
    bank_account: r.bank_account,
  };
}

export function toInvoiceTitle(row: InvoiceTitleRow): InvoiceTitle {
  return {
    id: row.id,
    title_type: titleTypeOf(row.title_type),
    ...buyerOf(row),
    updated_at: row.updated_at,
  };
}

export const toRedLetter = (r: InvoiceRedLetterRow): RedLetter => ({
  id: r.id,
  amount: fenToYuan(r.amount_fen),
  number: r.number,
  reason: r.reason,
  created_at: r.created_at,
});

/** What stays invoiced of an invoice (fen): its amount less its red letters, 0 once reversed. */
export function invoicedFen(
  row: { status: string; amount_fen: number },
  reds: readonly InvoiceRedLetterRow[],
) {
  if (row.status === 'reversed' || row.status === 'rejected') return 0;
  return Math.max(0, row.amount_fen - reds.reduce((sum, r) => sum + r.amount_fen, 0));
}

export function toInvoice(
  row: InvoiceFacts & { out_trade_no: string; plan_name: string; has_pdf: unknown },
  reds: readonly InvoiceRedLetterRow[],
): Invoice {
  return {
    id: row.id,
    out_trade_no: row.out_trade_no,
    order_name: row.plan_name,
    amount: fenToYuan(row.amount_fen),
    invoiced: fenToYuan(invoicedFen(row, reds)),
    red_letters: reds.map(toRedLetter),
    invoice_type: typeOf(row.invoice_type),
    title_type: titleTypeOf(row.title_type),
    title: row.title,
    tax_no: row.tax_no,
    email: row.email,
    status: statusOf(row.status),
    number: row.number,
    reason: row.reason,
    created_at: row.created_at,
    issued_at: row.issued_at,
    // SQLite answers 1/0, PostgreSQL true/false.
    has_pdf: row.has_pdf === true || row.has_pdf === 1,
  };
}
