// The fields of an invoice title, shared by 申请发票 (with the invoice's type first, and a special invoice's company
// details) and 新增抬头 (a company's details optional, kept for special invoices later): inside an antd Form whose
// values are InvoiceFormValues.
import { INVOICE_TYPE_TEXT, MSG, TITLE_TYPE_TEXT } from '@uc/shared';
import { Form, type FormProps, Input, Radio, type RadioChangeEvent, Typography } from 'antd';
import type { ReactNode } from 'react';
import {
  EMPTY_INVOICE_FORM,
  type InvoiceField,
  type InvoiceFormKind,
  type InvoiceFormValues,
  invoiceRule,
} from './invoice-form';
import './invoice.css';

/** The form of both dialogs: labels above the fields, no required marks, every field empty at first. */
export function InvoiceForm({
  children,
  ...props
}: Omit<FormProps<InvoiceFormValues>, 'layout' | 'requiredMark' | 'initialValues' | 'children'> & {
  children: ReactNode;
}) {
  return (
    <Form<InvoiceFormValues>
      layout="vertical"
      requiredMark={false}
      initialValues={EMPTY_INVOICE_FORM}
      {...props}
    >
      {children}
    </Form>
  );
}

export function InvoiceTitleFields({
  kind,
  plainOnly = false,
}: {
  kind: InvoiceFormKind;
  /** The order's plan allows only ordinary electronic invoices (增值税专用发票 disabled). */
  plainOnly?: boolean;
}) {
  const form = Form.useFormInstance<InvoiceFormValues>();
  const company = (Form.useWatch('title_type', form) ?? 'company') === 'company';
  const invoiceType = Form.useWatch('invoice_type', form);
  const special = kind === 'apply' && invoiceType === 'special';
  const rules = (field: InvoiceField) => [invoiceRule(kind, field)];
  // A special invoice is a company's: choosing it makes the title a company's.
  const onInvoiceType = (event: RadioChangeEvent) => {
    if (event.target.value === 'special') form.setFieldValue('title_type', 'company');
  };

  return (
    <>
      <div className="uc-invoice-grid">
        {kind === 'apply' && (
          <Form.Item
            name="invoice_type"
            label="发票类型"
            extra={plainOnly ? MSG.invoiceSpecialNotAllowed : undefined}
          >
            <Radio.Group
              onChange={onInvoiceType}
              options={[
                { value: 'normal', label: INVOICE_TYPE_TEXT.normal },
                { value: 'special', label: INVOICE_TYPE_TEXT.special, disabled: plainOnly },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item
          name="title_type"
          label="抬头类型"
          rules={rules('title_type')}
          className={kind === 'apply' ? undefined : 'uc-invoice-wide'}
        >
          <Radio.Group
            options={[
              { value: 'company', label: TITLE_TYPE_TEXT.company },
              { value: 'personal', label: TITLE_TYPE_TEXT.personal, disabled: special },
            ]}
          />
        </Form.Item>
      </div>
      <div className="uc-invoice-grid">
        <Form.Item
          name="title"
          label="发票抬头"
          rules={rules('title')}
          dependencies={['title_type']}
          className={company ? undefined : 'uc-invoice-wide'}
        >
          <Input
            placeholder={company ? '请输入企业名称' : '请输入个人姓名'}
            maxLength={100}
            autoComplete="organization"
          />
        </Form.Item>
        {company && (
          <Form.Item name="tax_no" label="纳税人识别号" rules={rules('tax_no')} dependencies={['title_type']}>
            <Input placeholder="18位统一社会信用代码" maxLength={24} autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="email" label="接收邮箱" rules={rules('email')} className="uc-invoice-wide">
          <Input
            placeholder="开具后发票将发送至该邮箱"
            maxLength={254}
            inputMode="email"
            autoComplete="email"
          />
        </Form.Item>
      </div>
      {company && (special || kind === 'title') && (
        <>
          {kind === 'title' && (
            <Typography.Paragraph type="secondary" className="uc-invoice-subhead">
              以下信息选填，开具增值税专用发票时使用
            </Typography.Paragraph>
          )}
          <div className="uc-invoice-grid">
            <Form.Item
              name="address"
              label="注册地址"
              rules={rules('address')}
              dependencies={['invoice_type']}
              className="uc-invoice-wide"
            >
              <Input placeholder="营业执照上的注册地址" maxLength={100} />
            </Form.Item>
            <Form.Item name="phone" label="注册电话" rules={rules('phone')} dependencies={['invoice_type']}>
              <Input placeholder="企业注册电话" maxLength={30} inputMode="tel" />
            </Form.Item>
            <Form.Item name="bank" label="开户银行" rules={rules('bank')} dependencies={['invoice_type']}>
              <Input placeholder="如：招商银行深圳分行" maxLength={60} />
            </Form.Item>
            <Form.Item
              name="bank_account"
              label="银行账号"
              rules={rules('bank_account')}
              dependencies={['invoice_type', 'address', 'phone', 'bank']}
              className="uc-invoice-wide"
            >
              <Input placeholder="对公银行账号（8-34位数字）" maxLength={40} inputMode="numeric" />
            </Form.Item>
          </div>
        </>
      )}
    </>
  );
}
