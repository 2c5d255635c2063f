// A payment on the phone itself (docs/decisions.md "Payment channels by device", "On the page"): while the browser is
// at the provider's page (WeChat Pay H5, Alipay wap) the order page waits for the status poll; WeChat's sheet shows
// over the page and, closed or refused, leaves the order to pay again or by QR code.
import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Spin, Typography } from 'antd';
import type { SheetState } from '../model/use-payment-attempt';
import { QrFallbackLink } from './pay-options';

interface PhonePayProps {
  /** 微信 or 支付宝. */
  channel: string;
  /** The order expired meanwhile: a new one is needed. */
  expired: boolean;
  onRefresh: () => void;
  onQr: () => void;
  onEdit: () => void;
}

function Expired({ onRefresh }: { onRefresh: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      title="订单已过期，请刷新订单后重新支付"
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={onRefresh}>
          刷新订单
        </Button>
      }
    />
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <div className="uc-shop-phone-wait">
      <Spin description={text} />
    </div>
  );
}

function EditButton({ onEdit }: { onEdit: () => void }) {
  return (
    <Button block icon={<EditOutlined />} onClick={onEdit}>
      修改订单
    </Button>
  );
}

/** The browser went to the provider's page; back here (the back button) the page keeps asking whether it was paid. */
export function AwayPanel({
  channel,
  expired,
  onRefresh,
  onQr,
  onEdit,
  onReopen,
}: PhonePayProps & { onReopen: () => void }) {
  return (
    <section className="uc-shop-phone" data-testid="pay-away" aria-label={`${channel}支付`}>
      {expired ? (
        <Expired onRefresh={onRefresh} />
      ) : (
        <>
          <Waiting text="正在确认支付结果…" />
          <Typography.Paragraph type="secondary" className="uc-shop-phone-note">
            已前往{channel}支付页面。支付完成后将自动跳转，如未完成支付，可继续前往支付或改用扫码支付。
          </Typography.Paragraph>
          <Button type="primary" size="large" block onClick={onReopen}>
            继续前往{channel}支付
          </Button>
        </>
      )}
      <QrFallbackLink onClick={onQr} />
      <EditButton onEdit={onEdit} />
    </section>
  );
}

const SHEET_ENDED: Record<Exclude<SheetState, 'open'>, string> = {
  cancel: '您已取消支付，订单尚未支付',
  fail: '微信支付未完成，请重新支付或改用扫码支付',
};

/** WeChat's in-app sheet: opening, or closed without paying (pay again, or by QR code). */
export function SheetPanel({
  state,
  expired,
  onRefresh,
  onQr,
  onEdit,
  onRetry,
}: Omit<PhonePayProps, 'channel'> & { state: SheetState; onRetry: () => void }) {
  return (
    <section className="uc-shop-phone" data-testid="pay-sheet" aria-label="微信支付">
      {expired ? (
        <Expired onRefresh={onRefresh} />
      ) : state === 'open' ? (
        <Waiting text="正在打开微信支付…" />
      ) : (
        <>
          <Alert type={state === 'cancel' ? 'warning' : 'error'} showIcon title={SHEET_ENDED[state]} />
          <Button type="primary" size="large" block onClick={onRetry}>
            重新支付
          </Button>
        </>
      )}
      <QrFallbackLink onClick={onQr} />
      <EditButton onEdit={onEdit} />
    </section>
  );
}
