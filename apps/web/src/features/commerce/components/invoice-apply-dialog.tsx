// 申请发票 of a paid order (我的订单 and its 订单详情): a saved title fills the form, or the member fills it in; an
// 增值税专用发票 only where the order's goods allow it, for a company with its registered details. The fields check
// what the server checks before anything is sent; the title is saved for next time unless unticked.
import { MSG, type OrderListItem, shanghaiMinute, TITLE_TYPE_TEXT } from '@uc/shared';
import { Checkbox, Descriptions, Form, type FormInstance, Select } from 'antd';
import { useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import {
  applyBodyOf,
  type InvoiceFormValues,
  invoiceValuesOf,
  valuesOfTitle,
} from '../../../components/invoice/invoice-form';
import { InvoiceForm, InvoiceTitleFields } from '../../../components/invoice/invoice-title-fields';
import { reportFailure } from '../../../lib/http/report-failure';
import { useInvoiceTitles } from '../../../lib/invoices/get-invoice-titles';
import { useAuthStore } from '../../../lib/session/auth-store';
import { toastSuccess } from '../../../lib/ui/feedback';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { yuanText } from '../../../lib/ui/yuan-text';
import { useApplyInvoice } from '../api/apply-invoice';

/** What the dialog reads of the order. */
export type InvoiceOrder = Pick<
  OrderListItem,
  'out_trade_no' | 'gid' | 'name' | 'price' | 'pack' | 'gift' | 'paid_at' | 'plain_invoice_only'
>;

function ApplyForm({
  order,
  form,
  onFinish,
}: {
  order: InvoiceOrder;
  form: FormInstance<InvoiceFormValues>;
  onFinish: () => void;
}) {
  const userId = useAuthStore((s) => s.id);
  const phone = useMediaQuery(PHONE_QUERY);
  const titles = useInvoiceTitles(userId);
  const [picked, setPicked] = useState<number | null>(null);
  const id = useId();
  const saved = titles.data ?? [];
  // The order's goods sell only ordinary electronic invoices (docs/requirements.md §9: plans 1 and 5; packs and gift cards).
  const plainOnly = order.plain_invoice_only;

  const pick = (titleId: number | undefined) => {
    setPicked(titleId ?? null);
    const title = saved.find((t) => t.id === titleId);
    if (!title) return;
    form.setFieldsValue(valuesOfTitle(title));
    // A person's title takes an ordinary invoice only.
    if (title.title_type === 'personal') form.setFieldValue('invoice_type', 'normal');
    // The fields it filled are checked again (their old messages go).
    void form.validateFields({ dirty: true }).catch(() => undefined);
  };

  let placeholder = '选择已保存的抬头，或在下方填写';
  if (titles.isPending) placeholder = '正在读取常用抬头…';
  else if (saved.length === 0) placeholder = '暂无常用抬头，请在下方填写';

  return (
    <>
      <Descriptions
        size="small"
        column={phone ? 1 : 2}
        className="uc-shop-invoice-order"
        items={[
          {
            key: 'no',
            label: '订单编号',
            children: <span className="uc-shop-break">{order.out_trade_no}</span>,
          },
          { key: 'name', label: '商品', children: order.name },
          { key: 'amount', label: '开票金额', children: yuanText(order.price) },
          ...(order.paid_at
            ? [{ key: 'paid', label: '支付时间', children: shanghaiMinute(order.paid_at) }]
            : []),
        ]}
      />
      <InvoiceForm form={form} onFinish={onFinish} className="uc-shop-invoice-form">
        <Form.Item label={<label htmlFor={id}>常用抬头</label>}>
          <Select<number>
            id={id}
            aria-label="常用抬头"
            allowClear
            value={picked}
            placeholder={placeholder}
            disabled={saved.length === 0}
            onChange={pick}
            options={saved.map((t) => ({
              value: t.id,
              label: `${t.title} · ${TITLE_TYPE_TEXT[t.title_type]}`,
            }))}
          />
        </Form.Item>
        <InvoiceTitleFields kind="apply" plainOnly={plainOnly} />
        <Form.Item name="save_title" valuePropName="checked" className="uc-shop-invoice-save">
          <Checkbox>保存为常用抬头</Checkbox>
        </Form.Item>
      </InvoiceForm>
    </>
  );
}

/** `order` null: closed. */
export function InvoiceApplyDialog({ order, onClose }: { order: InvoiceOrder | null; onClose: () => void }) {
  const userId = useAuthStore((s) => s.id);
  const phone = useMediaQuery(PHONE_QUERY);
  const [form] = Form.useForm<InvoiceFormValues>();
  const apply = useApplyInvoice(userId);
  // The order stays in the dialog while it closes.
  const [shown, setShown] = useState<InvoiceOrder | null>(order);
  if (order && order !== shown) setShown(order);

  const submit = () => {
    if (!shown) return;
    apply.mutate(applyBodyOf(invoiceValuesOf(form), shown.out_trade_no), {
      onSuccess: () => {
        toastSuccess(MSG.invoiceApplySuccess);
        onClose();
      },
      // A refusal's message (该订单已申请发票, ...) was shown by the HTTP client; the dialog stays open.
      onError: (error) => reportFailure(error, '申请失败，请稍后重试'),
    });
  };

  return (
    <FormDialog
      open={order !== null}
      title="申请发票"
      okText="提交申请"
      form={form}
      pending={apply.isPending}
      onClose={onClose}
      width={phone ? '100%' : 640}
      className="uc-shop-invoice-dialog"
      afterClose={() => {
        form.resetFields();
        setShown(null);
      }}
    >
      {shown && <ApplyForm order={shown} form={form} onFinish={submit} />}
    </FormDialog>
  );
}
