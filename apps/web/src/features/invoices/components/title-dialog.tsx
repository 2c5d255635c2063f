// 新增抬头: a title saved for 申请发票 later, with the same fields and checks (a company's registered details optional).
import { Form } from 'antd';
import { FormDialog } from '../../../components/form-dialog';
import {
  type InvoiceFormValues,
  invoiceValuesOf,
  titleBodyOf,
} from '../../../components/invoice/invoice-form';
import { InvoiceForm, InvoiceTitleFields } from '../../../components/invoice/invoice-title-fields';
import { reportFailure } from '../../../lib/http/report-failure';
import { useSaveInvoiceTitle } from '../../../lib/invoices/save-invoice-title';
import { useAuthStore } from '../../../lib/session/auth-store';
import { toastSuccess } from '../../../lib/ui/feedback';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';

export function TitleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const userId = useAuthStore((s) => s.id);
  const phone = useMediaQuery(PHONE_QUERY);
  const [form] = Form.useForm<InvoiceFormValues>();
  const save = useSaveInvoiceTitle(userId);

  const submit = () => {
    save.mutate(titleBodyOf(invoiceValuesOf(form)), {
      onSuccess: () => {
        toastSuccess('抬头已保存');
        onClose();
      },
      // A refusal's message (the 20 titles' limit, ...) was shown by the HTTP client; the dialog stays open.
      onError: (error) => reportFailure(error, '保存失败，请稍后重试'),
    });
  };

  return (
    <FormDialog
      open={open}
      title="新增抬头"
      okText="保存"
      form={form}
      pending={save.isPending}
      onClose={onClose}
      width={phone ? '100%' : 560}
      afterClose={() => form.resetFields()}
    >
      <InvoiceForm form={form} onFinish={submit} style={{ marginTop: 16 }}>
        <InvoiceTitleFields kind="title" />
      </InvoiceForm>
    </FormDialog>
  );
}
