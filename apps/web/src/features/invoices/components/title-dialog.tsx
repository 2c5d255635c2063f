// 新增抬头: a title saved for 申请发票 later, with the same fields and checks (a company's registered details optional).
import { Form, Modal } from 'antd';
import {
  EMPTY_INVOICE_FORM,
  type InvoiceFormValues,
  titleBodyOf,
} from '../../../components/invoice/invoice-form';
import { InvoiceTitleFields } from '../../../components/invoice/invoice-title-fields';
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
    const values = { ...EMPTY_INVOICE_FORM, ...(form.getFieldsValue(true) as Partial<InvoiceFormValues>) };
    save.mutate(titleBodyOf(values), {
      onSuccess: () => {
        toastSuccess('抬头已保存');
        onClose();
      },
      // A refusal's message (the 20 titles' limit, ...) was shown by the HTTP client; the dialog stays open.
      onError: (error) => reportFailure(error, '保存失败，请稍后重试'),
    });
  };

  return (
    <Modal
      open={open}
      title="新增抬头"
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={phone ? '100%' : 560}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form<InvoiceFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={EMPTY_INVOICE_FORM}
        onFinish={submit}
        style={{ marginTop: 16 }}
      >
        <InvoiceTitleFields kind="title" />
      </Form>
    </Modal>
  );
}
