// An invoice title form's values (申请发票 in 我的订单, 新增抬头 in 发票管理), the bodies they are sent as, and each
// field's rule: the shared schema the server checks with (invoiceApplyBody, invoiceTitleBody), so the form shows the
// server's messages before anything is sent; an empty field is asked for by name first.
import {
  type InvoiceApplyInput,
  type InvoiceTitle,
  type InvoiceTitleInput,
  type InvoiceType,
  MSG,
  type TitleType,
} from '@uc/shared';
import type { FormInstance, FormRule } from 'antd';

export interface InvoiceFormValues {
  invoice_type: InvoiceType;
  title_type: TitleType;
  title: string;
  tax_no: string;
  email: string;
  address: string;
  phone: string;
  bank: string;
  bank_account: string;
  save_title: boolean;
}

/** 申请发票 (an order's invoice, the special invoice's fields with it) or 新增抬头 (a title alone). */
export type InvoiceFormKind = 'apply' | 'title';

export type InvoiceField = Exclude<keyof InvoiceFormValues, 'save_title'>;

export const EMPTY_INVOICE_FORM: InvoiceFormValues = {
  invoice_type: 'normal',
  title_type: 'company',
  title: '',
  tax_no: '',
  email: '',
  address: '',
  phone: '',
  bank: '',
  bank_account: '',
  save_title: true,
};

/** What a special invoice needs besides the title (增值税专用发票: the company's registered details). */
export const SPECIAL_FIELDS = ['address', 'phone', 'bank', 'bank_account'] as const;

const LABELS: Record<'title' | 'tax_no' | (typeof SPECIAL_FIELDS)[number], string> = {
  title: '发票抬头',
  tax_no: '纳税人识别号',
  address: '注册地址',
  phone: '注册电话',
  bank: '开户银行',
  bank_account: '银行账号',
};

/** The fields a saved title fills. */
export function valuesOfTitle(title: InvoiceTitle): Partial<InvoiceFormValues> {
  return {
    title_type: title.title_type,
    title: title.title,
    tax_no: title.tax_no,
    email: title.email,
    address: title.address,
    phone: title.phone,
    bank: title.bank,
    bank_account: title.bank_account,
  };
}

const text = (value: string | undefined) => (value ?? '').trim();

const hasLabel = (field: InvoiceField): field is keyof typeof LABELS => field in LABELS;

/** `field` when it is required of these values and empty: the title, a company's tax number, a special invoice's details. */
function emptyField(kind: InvoiceFormKind, field: InvoiceField, values: InvoiceFormValues) {
  if (!hasLabel(field) || text(values[field])) return null;
  const special = kind === 'apply' && values.invoice_type === 'special';
  if (field === 'title') return field;
  if (field === 'tax_no') return values.title_type === 'company' ? field : null;
  return special ? field : null;
}
/** Codes and account numbers are often typed in groups. */
const compact = (value: string | undefined) => (value ?? '').replace(/\s+/g, '');

/** A title as POST /api/ccw/invoice/titles/ takes it: a person has no tax number nor bank details. */
export function titleBodyOf(values: InvoiceFormValues): InvoiceTitleInput {
  const company = values.title_type === 'company';
  return {
    title_type: values.title_type,
    title: text(values.title),
    tax_no: company ? compact(values.tax_no).toUpperCase() : '',
    email: text(values.email),
    address: company ? text(values.address) : '',
    phone: company ? text(values.phone) : '',
    bank: company ? text(values.bank) : '',
    bank_account: company ? compact(values.bank_account) : '',
  };
}

/**
 * 申请发票's body. A company's bank details go with an ordinary invoice too: they are the saved title's, which saving
 * the title again must not erase.
 */
export function applyBodyOf(values: InvoiceFormValues, outTradeNo: string): InvoiceApplyInput {
  return {
    out_trade_no: outTradeNo,
    invoice_type: values.invoice_type,
    ...titleBodyOf(values),
    save_title: values.save_title,
  };
}

const loadSchemas = () => import('./invoice-schema');

/** The message for `field` of these values, or null when it passes. */
export async function invoiceFieldError(
  kind: InvoiceFormKind,
  field: InvoiceField,
  values: InvoiceFormValues,
): Promise<string | null> {
  const empty = emptyField(kind, field, values);
  if (empty) return `请输入${LABELS[empty]}`;
  const schemas = await loadSchemas();
  const result =
    kind === 'apply'
      ? schemas.invoiceApplyBody.safeParse(applyBodyOf(values, ''))
      : schemas.invoiceTitleBody.safeParse(titleBodyOf(values));
  if (result.success) return null;
  // A special invoice missing any of its details is one issue on bank_account: the empty field is asked for above.
  const missingDetail = SPECIAL_FIELDS.some((f) => f !== 'bank_account' && !text(values[f]));
  const issue = result.error.issues.find(
    (i) =>
      i.path[0] === field &&
      !(field === 'bank_account' && i.message === MSG.invoiceSpecialFields && missingDetail),
  );
  return issue?.message ?? null;
}

/** Every value of the form (those of fields not shown included), an empty one where it has none. */
export const invoiceValuesOf = (form: Pick<FormInstance, 'getFieldsValue'>): InvoiceFormValues => ({
  ...EMPTY_INVOICE_FORM,
  ...(form.getFieldsValue(true) as Partial<InvoiceFormValues>),
});

/** The antd rule of a field: every value of the form read, as the schema checks them together. */
export function invoiceRule(kind: InvoiceFormKind, field: InvoiceField): FormRule {
  return (form) => ({
    validator: async () => {
      const values = invoiceValuesOf(form);
      const message = await invoiceFieldError(kind, field, values);
      if (message) throw new Error(message);
    },
  });
}
