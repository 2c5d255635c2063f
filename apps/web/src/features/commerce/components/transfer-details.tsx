// 企业对公转账: the bank details of an order (POST TTpay) and the order number to write in the remark. Asking for
// them commits the order to a transfer, so, like 立即支付, it needs the agreement ticked (docs/requirements.md §5 Payment).
import { BankOutlined } from '@ant-design/icons';
import { MSG, type TransferInfo } from '@uc/shared';
import { Alert, Button, Descriptions, Typography } from 'antd';
import { useAuthStore } from '../../../lib/session/auth-store';
import { toastWarning } from '../../../lib/ui/feedback';
import { yuanText } from '../../../lib/ui/yuan-text';
import { useCreateTransfer } from '../api/create-transfer';
import { payFailureText, reportFailure } from '../model/failure';

export const TRANSFER_NOTE = '转账时请务必在备注中填写订单号，款项到账后将为您开通服务。';

export function TransferInfoList({ info }: { info: TransferInfo }) {
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      className="uc-shop-transfer"
      items={[
        {
          key: 'name',
          label: '收款户名',
          children: <Typography.Text copyable>{info.bank_account_name}</Typography.Text>,
        },
        { key: 'bank', label: '开户银行', children: info.bank_name },
        {
          key: 'no',
          label: '银行账号',
          children: <Typography.Text copyable>{info.bank_account_no}</Typography.Text>,
        },
        { key: 'amount', label: '转账金额', children: yuanText(info.amount) },
        {
          key: 'remark',
          label: '转账备注',
          children: (
            <Typography.Text copyable strong data-testid="transfer-remark">
              {info.remark}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

/** Asks for the bank details of `outTradeNo` on demand (the order then awaits the transfer). */
export function TransferDetails({
  outTradeNo,
  agreed,
  disabled = false,
  onRequested,
  onFailed,
}: {
  outTradeNo: string;
  /** The agreement of the order page is ticked: without it nothing is asked (the warning instead). */
  agreed: boolean;
  disabled?: boolean;
  /** The order now awaits the transfer (it can no longer be paid by QR code). */
  onRequested?: () => void;
  /** The call failed (the order page's handling, the coupon taken meanwhile included); absent: the failure is told. */
  onFailed?: (error: unknown) => void;
}) {
  const userId = useAuthStore((s) => s.id);
  const transfer = useCreateTransfer(userId);
  const info = transfer.data?.out_trade_no === outTradeNo ? transfer.data : undefined;
  return (
    <div className="uc-shop-transfer-box">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        支持企业对公转账付款。{TRANSFER_NOTE}
      </Typography.Paragraph>
      {info ? (
        <>
          <Alert
            type="info"
            showIcon
            title={`请在转账备注中填写订单号：${info.remark}`}
            style={{ marginBottom: 12 }}
          />
          <TransferInfoList info={info} />
        </>
      ) : (
        <Button
          icon={<BankOutlined />}
          loading={transfer.isPending}
          disabled={disabled}
          onClick={() => {
            if (!agreed) {
              toastWarning(MSG.agreementRequired);
              return;
            }
            transfer.mutate(outTradeNo, {
              onSuccess: () => onRequested?.(),
              onError: (error) =>
                onFailed ? onFailed(error) : reportFailure(error, payFailureText(error, MSG.payFailed)),
            });
          }}
        >
          获取对公转账信息
        </Button>
      )}
    </div>
  );
}

/** In place of the QR code once the order awaits the transfer. */
export function TransferChosen() {
  return (
    <Alert
      type="info"
      showIcon
      title="您已选择企业对公转账"
      description="请按收款账户信息转账，并在备注中填写订单号，款项到账后将为您开通服务。"
    />
  );
}
