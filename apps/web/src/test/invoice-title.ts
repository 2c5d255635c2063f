// A member's saved invoice title (常用抬头) as the invoice tests use it: a company with its registered details.
import type { InvoiceTitle } from '@uc/shared';

/** A valid unified social credit code (GB 32100-2015 check character). */
export const TAX_NO = '91440300MA5FJQ6X39';

/** The company's title, its tax number and the mailbox its invoices go to. */
export const COMPANY_FIELDS = {
  title_type: 'company',
  title: '深圳市前海智汇科技有限公司',
  tax_no: TAX_NO,
  email: 'finance@example.com',
} as const;

export const invoiceTitle = (over: Partial<InvoiceTitle> = {}): InvoiceTitle => ({
  id: 3,
  ...COMPANY_FIELDS,
  address: '深圳市南山区科技园1号',
  phone: '0755-12345678',
  bank: '招商银行深圳分行',
  bank_account: '755912345678901',
  updated_at: '2026-11-26T06:00:00.000Z',
  ...over,
});
