// The two changing actions of 订单: 确认转账 (the amount received, checked by the server against the order) and 退款
// (an amount defaulting to what the chosen payment can still return). Both go through ActionModal, so each asks for a
// reason, shows the server's Chinese refusal and refetches the lists it changes.
import { STAFF_ORDERS_API, type StaffRefundable, type StaffRefundBody, staffOrderPath } from '@uc/shared';
import { Form, InputNumber, Select, Typography } from 'antd';
import { ActionModal } from '../../components/action-modal';
import { api } from '../../lib/http';

/** What a change of an order refetches: the list, the open detail, the double-paid list. */
export const ORDER_KEYS = ['orders', 'order', 'orders-double-paid'] as const;

const yuan = (value: number) => value.toFixed(2);

export function ConfirmTransferModal({
  outTradeNo,
  amount,
  onClose,
}: {
  outTradeNo: string | null;
  amount: number;
  onClose: () => void;
}) {
  return (
    <ActionModal<{ amount: number }>
      title="确认转账到账"
      open={outTradeNo !== null}
      onClose={onClose}
      okText="确认到账"
      successText="已确认到账"
      invalidate={ORDER_KEYS}
      reasonLabel="备注（如银行回单号）"
      submit={({ amount: received, reason }) =>
        api(staffOrderPath(STAFF_ORDERS_API.confirmTransfer, outTradeNo ?? ''), {
          method: 'POST',
          body: { amount: yuan(received), reason },
        })
      }
    >
      <Typography.Paragraph type="secondary">
        订单 {outTradeNo} 应付 ¥{yuan(amount)}，请填写实际到账金额，须与应付金额一致。
      </Typography.Paragraph>
      <Form.Item name="amount" label="到账金额（元）" rules={[{ required: true, message: '请填写到账金额' }]}>
        <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
      </Form.Item>
    </ActionModal>
  );
}

export function RefundModal({
  outTradeNo,
  refundable,
  onClose,
}: {
  outTradeNo: string | null;
  /** The payments money can still be returned from; the first is chosen first. */
  refundable: readonly StaffRefundable[];
  onClose: () => void;
}) {
  const first = refundable[0];
  return (
    <ActionModal<{ amount: number; attempt_id: number }>
      title="退款"
      open={outTradeNo !== null && first !== undefined}
      onClose={onClose}
      okText="确认退款"
      danger
      successText="退款已提交"
      invalidate={ORDER_KEYS}
      reasonLabel="退款原因"
      initialValues={{ amount: first?.refundable, attempt_id: first?.attempt_id }}
      submit={({ amount, attempt_id, reason }) => {
        const attempt = refundable.find((a) => a.attempt_id === attempt_id);
        const body: StaffRefundBody = {
          amount: yuan(amount),
          reason,
          // The paying payment is the server's default; another one is named.
          ...(attempt && !attempt.paying ? { attempt_id } : {}),
        };
        return api(staffOrderPath(STAFF_ORDERS_API.refund, outTradeNo ?? ''), { method: 'POST', body });
      }}
    >
      <Typography.Paragraph type="secondary">
        全额退还订单的支付款项将收回该订单所购权益；部分退款不改变权益。
      </Typography.Paragraph>
      <Form.Item name="attempt_id" label="退款的支付记录">
        <Select
          options={refundable.map((a) => ({
            value: a.attempt_id,
            label: `${a.trade_no}（${a.paying ? '支付订单的款项' : '重复支付'}，可退 ¥${yuan(a.refundable)}）`,
          }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['attempt_id']}>
        {({ getFieldValue }) => {
          const max = refundable.find((a) => a.attempt_id === getFieldValue('attempt_id'))?.refundable;
          return (
            <Form.Item
              name="amount"
              label="退款金额（元）"
              extra={max === undefined ? undefined : `最多可退 ¥${yuan(max)}`}
              rules={[{ required: true, message: '请填写退款金额' }]}
            >
              <InputNumber min={0.01} max={max} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          );
        }}
      </Form.Item>
    </ActionModal>
  );
}
