// The desk's three moves of an invoice request, each through ActionModal: 开具 (the number and the PDF chosen with
// antd Upload, sent as multipart; no reason: the number and file are the record), 驳回 (the reason the member sees)
// and 红冲 (the reason, and the red-letter invoice's number when there is one).

import { UploadOutlined } from '@ant-design/icons';
import {
  INVOICE_PDF_MAX_BYTES,
  type RedLetter,
  type RedLetterNumberBody,
  STAFF_CALLS,
  type StaffInvoice,
} from '@uc/shared';
import { Button, Form, Input, Typography, Upload, type UploadFile } from 'antd';
import { ActionModal } from '../../components/action-modal';
import { call } from '../../lib/http';

const KEYS = ['invoices'] as const;

export function IssueModal({ invoice, onClose }: { invoice: StaffInvoice | null; onClose: () => void }) {
  return (
    <ActionModal<{ number: string; file: UploadFile[] }>
      title={invoice ? `开具发票：${invoice.title}` : '开具发票'}
      open={invoice !== null}
      onClose={onClose}
      okText="开具"
      successText="发票已开具，会员将收到通知"
      invalidate={KEYS}
      reasonLabel={false}
      submit={({ number, file }) => {
        const form = new FormData();
        form.append('number', number);
        const chosen = file[0]?.originFileObj;
        if (chosen) form.append('file', chosen);
        return call(STAFF_CALLS.invoices.issue, { id: invoice?.id ?? 0, input: form });
      }}
    >
      {invoice && (
        <Typography.Paragraph type="secondary">
          订单 {invoice.out_trade_no}：实付 ¥{invoice.paid.toFixed(2)}
          {invoice.refunded > 0 ? `，已退款 ¥${invoice.refunded.toFixed(2)}` : ''}，按留存金额{' '}
          <Typography.Text strong>¥{invoice.kept.toFixed(2)}</Typography.Text> 开具，发送至 {invoice.email}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="number"
        label="发票号码"
        rules={[{ required: true, whitespace: true, message: '请填写发票号码' }]}
      >
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item
        name="file"
        label="发票PDF（不超过5MB）"
        valuePropName="fileList"
        getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
        rules={[
          { required: true, message: '请选择PDF文件' },
          {
            validator: async (_, files: UploadFile[] | undefined) => {
              const size = files?.[0]?.size ?? 0;
              if (size > INVOICE_PDF_MAX_BYTES) throw new Error('PDF不能超过5MB');
            },
          },
        ]}
      >
        {/* Kept in the form and sent with it: no upload of its own. */}
        <Upload accept="application/pdf,.pdf" maxCount={1} beforeUpload={() => false}>
          <Button icon={<UploadOutlined />}>选择文件</Button>
        </Upload>
      </Form.Item>
    </ActionModal>
  );
}

export function RejectModal({ invoice, onClose }: { invoice: StaffInvoice | null; onClose: () => void }) {
  return (
    <ActionModal
      title="驳回发票申请"
      open={invoice !== null}
      onClose={onClose}
      okText="驳回"
      danger
      successText="已驳回"
      invalidate={KEYS}
      reasonLabel="驳回原因（会员可见）"
      submit={({ reason }) => call(STAFF_CALLS.invoices.reject, { id: invoice?.id ?? 0, input: { reason } })}
    />
  );
}

export function ReverseModal({ invoice, onClose }: { invoice: StaffInvoice | null; onClose: () => void }) {
  const recordOnly = invoice?.status === 'reversed';
  return (
    <ActionModal<{ red_number?: string }>
      title={recordOnly ? '补录红字发票号码' : '红冲发票'}
      open={invoice !== null}
      onClose={onClose}
      okText={recordOnly ? '保存' : '红冲'}
      danger={!recordOnly}
      successText={recordOnly ? '已保存' : '已红冲'}
      invalidate={KEYS}
      reasonLabel="原因"
      submit={({ red_number, reason }) =>
        call(STAFF_CALLS.invoices.reverse, {
          id: invoice?.id ?? 0,
          input: { reason, ...(red_number?.trim() ? { red_number: red_number.trim() } : {}) },
        })
      }
    >
      {invoice && (
        <Typography.Paragraph type="secondary">
          发票号码 {invoice.number}，订单 {invoice.out_trade_no} 已退款。
        </Typography.Paragraph>
      )}
      <Form.Item
        name="red_number"
        label={recordOnly ? '红字发票号码' : '红字发票号码（可选）'}
        rules={recordOnly ? [{ required: true, whitespace: true, message: '请填写红字发票号码' }] : []}
      >
        <Input maxLength={40} />
      </Form.Item>
    </ActionModal>
  );
}

/** The number of a red-letter invoice a refund produced, recorded once it was issued in the tax system. */
export function RedLetterNumberModal({
  target,
  onClose,
}: {
  target: { invoice: StaffInvoice; red: RedLetter } | null;
  onClose: () => void;
}) {
  return (
    <ActionModal<RedLetterNumberBody>
      title="登记红字发票号码"
      open={target !== null}
      onClose={onClose}
      okText="保存"
      successText="已保存"
      invalidate={KEYS}
      reasonLabel={false}
      submit={({ number }) =>
        call(STAFF_CALLS.invoices.redLetter, {
          id: [target?.invoice.id ?? 0, target?.red.id ?? 0],
          input: { number: number.trim() },
        })
      }
    >
      {target && (
        <Typography.Paragraph type="secondary">
          发票 {target.invoice.number} 的红字发票 -¥{target.red.amount.toFixed(2)}（{target.red.reason}）
        </Typography.Paragraph>
      )}
      <Form.Item
        name="number"
        label="红字发票号码"
        rules={[{ required: true, whitespace: true, message: '请填写红字发票号码' }]}
      >
        <Input maxLength={40} />
      </Form.Item>
    </ActionModal>
  );
}
