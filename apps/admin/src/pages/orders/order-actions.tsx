// The changing actions of 订单: 确认转账 (the amount received, checked by the server against the order), 退款 (an
// amount defaulting to what the chosen payment can still return) and, for a transfer, 线下退款 (the money returned by
// the bank: amount, bank reference and date). Each goes through ActionModal, so each asks for a reason, shows the
// server's Chinese refusal and refetches the lists it changes.
import {
  BANK_REF_MAX,
  STAFF_CALLS,
  type StaffOfflineRefundBody,
  type StaffRefundable,
  type StaffRefundBody,
  shanghaiDate,
} from '@uc/shared';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { ActionModal } from '../../components/action-modal';
import { call } from '../../lib/http';

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
        call(STAFF_CALLS.orders.confirmTransfer, {
          id: outTradeNo ?? '',
          input: { amount: yuan(received), reason },
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
        return call(STAFF_CALLS.orders.refund, { id: outTradeNo ?? '', input: body });
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

/**
 * 线下退款 of a transfer: the money went back by bank, so staff record what the bank sent (amount, its 流水号, the
 * day); the server settles it at once and tells the member. Returning all that is left takes back what was bought.
 */
export function OfflineRefundModal({
  outTradeNo,
  refundable,
  onClose,
}: {
  outTradeNo: string | null;
  /** The transfer that paid the order, and what it may still return. */
  refundable: StaffRefundable | undefined;
  onClose: () => void;
}) {
  const today = shanghaiDate(new Date());
  return (
    <ActionModal<{ amount: number; bank_ref: string; refunded_on: string }>
      title="登记线下退款"
      open={outTradeNo !== null && refundable !== undefined}
      onClose={onClose}
      okText="登记退款"
      danger
      successText="线下退款已登记，会员将收到通知"
      invalidate={ORDER_KEYS}
      reasonLabel="退款原因"
      initialValues={{ amount: refundable?.refundable, refunded_on: today }}
      submit={({ amount, bank_ref, refunded_on, reason }) => {
        const body: StaffOfflineRefundBody = { amount: yuan(amount), bank_ref, refunded_on, reason };
        return call(STAFF_CALLS.orders.offlineRefund, { id: outTradeNo ?? '', input: body });
      }}
    >
      <Typography.Paragraph type="secondary">
        对公转账订单经银行退回款项后在此登记。退还全部剩余款项（含多次部分退款合计）将收回该订单所购权益。
      </Typography.Paragraph>
      <Form.Item
        name="amount"
        label="退款金额（元）"
        extra={
          refundable ? `实付 ¥${yuan(refundable.paid)}，最多可退 ¥${yuan(refundable.refundable)}` : undefined
        }
        rules={[{ required: true, message: '请填写退款金额' }]}
      >
        <InputNumber min={0.01} max={refundable?.refundable} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="bank_ref"
        label="银行流水号"
        rules={[{ required: true, whitespace: true, message: '请填写银行流水号' }]}
      >
        <Input maxLength={BANK_REF_MAX} />
      </Form.Item>
      <Form.Item name="refunded_on" label="退款日期" rules={[{ required: true, message: '请选择退款日期' }]}>
        <Input type="date" max={today} />
      </Form.Item>
    </ActionModal>
  );
}
