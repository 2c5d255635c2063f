// The order flow of docs/requirements.md §4 shared by the plan and API package pages: the order created on entry (the server
// reuses the member's one open order of the plan, so entering again, a new quantity, a coupon or 修改订单 reprice that
// same order), the quantity, the coupon, the price lines (and how an upgrade's credit and expiry are reckoned), the
// agreement, WeChat or Alipay, the QR code with its 600-second countdown and the status poll, the corporate transfer
// and the invoice note. The state is usePaymentAttempt's; this file lays it out.
import { LIMITS, MSG, PAY_TYPE, type PlanItem } from '@uc/shared';
import { Alert, Button, Card, Col, Row, Segmented, Skeleton, Typography } from 'antd';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { yuanText } from '../../../lib/ui/yuan-text';
import { clockText } from '../model/clock-text';
import type { OrderParams } from '../model/order-params';
import { type CheckoutKind, usePaymentAttempt } from '../model/use-payment-attempt';
import { CouponField } from './coupon-field';
import { OrderFacts } from './order-facts';
import { OrderFailure } from './order-failure';
import { AgreementCheck, PayTypeField, QrFallbackLink } from './pay-options';
import { AwayPanel, SheetPanel } from './phone-pay';
import { PriceLines } from './price-lines';
import { QrPanel } from './qr-panel';
import { TransferChosen, TransferDetails } from './transfer-details';

export interface CheckoutProps {
  params: OrderParams;
  kind: CheckoutKind;
  /** The catalogue entry of the plan (invoice note, calls per unit), when the catalogue has loaded. */
  plan?: PlanItem;
  /** Extra content of the order card (the plan switcher). */
  planSwitcher?: React.ReactNode;
}

const INVOICE_NOTE = '仅支持开具普通电子发票';

const QUANTITIES = Array.from(
  { length: LIMITS.quantityMax - LIMITS.quantityMin + 1 },
  (_, i) => LIMITS.quantityMin + i,
);

/** How an upgrade's credit was reckoned (the price line 当前套餐剩余价值抵扣). */
export const switchCreditNote = (days: number, credit: number): string =>
  `当前套餐剩余 ${days} 天折算为 ${yuanText(credit)}，已抵扣`;

function CheckoutLoading() {
  return (
    <Row gutter={[16, 16]} data-testid="checkout-loading">
      <Col xs={24} lg={14}>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </Col>
    </Row>
  );
}

function PayCountdown({ left }: { left: number }) {
  return (
    <span className={`uc-shop-countdown${left < 60 ? ' uc-shop-countdown-late' : ''}`} role="timer">
      剩余支付时间 <strong data-testid="pay-countdown">{clockText(left)}</strong>
    </span>
  );
}

export function Checkout({ params, kind, plan, planSwitcher }: CheckoutProps) {
  const checkout = usePaymentAttempt(params, kind);
  const { order, repricing, abnormal, qr, away, sheet, transferred, left } = checkout;
  // A phone pays on itself (the server picks the channel from the device); 改用扫码支付 stays offered.
  const phone = useMediaQuery(PHONE_QUERY);

  if (checkout.createFailed && !order) {
    return <OrderFailure error={checkout.createError} onRetry={checkout.retryOrder} />;
  }
  if (!order) return <CheckoutLoading />;

  const channel = checkout.payType === PAY_TYPE.wechat ? '微信' : '支付宝';
  const phonePay = {
    channel,
    onRefresh: checkout.refreshOrder,
    onQr: () => checkout.startPay('qr'),
    onEdit: checkout.hideQr,
  };
  const stepper = (
    <Segmented<number>
      aria-label={kind === 'credits' || kind === 'gift' ? '购买数量' : '购买时长'}
      value={checkout.count}
      disabled={checkout.attemptOut || transferred}
      onChange={checkout.chooseCount}
      options={QUANTITIES.map((n) => ({
        label: kind === 'credits' ? `${n}份` : kind === 'gift' ? `${n}张` : `${n}年`,
        value: n,
        disabled: n < checkout.minCount,
      }))}
    />
  );

  return (
    <div className="uc-shop-checkout">
      <Card title="订单信息" className="uc-shop-area-info">
        <OrderFacts
          order={order}
          kind={kind}
          plan={plan}
          count={checkout.count}
          planSwitcher={planSwitcher}
          stepper={stepper}
        />
        {checkout.expiryMissing && <Alert type="error" showIcon title={MSG.orderExpiryMissing} />}
      </Card>
      <Card title="企业对公转账" className="uc-shop-area-transfer">
        <TransferDetails
          outTradeNo={order.out_trade_no}
          agreed={checkout.agreed}
          disabled={repricing || abnormal}
          onRequested={() => checkout.transferChosen(order.out_trade_no)}
          onFailed={checkout.payFailed}
        />
      </Card>
      <Card
        title="支付订单"
        className="uc-shop-area-pay"
        extra={left !== null && <PayCountdown left={left} />}
      >
        <CouponField
          coupons={order.coupons}
          value={checkout.couponValue}
          disabled={checkout.attemptOut || transferred}
          warning={checkout.couponWarning}
          onChange={checkout.chooseCoupon}
        />
        <PriceLines lines={order.lines} price={order.price} busy={repricing} />
        {order.kind === 'switch' && order.credit > 0 && (
          <Typography.Paragraph type="secondary" className="uc-shop-note" data-testid="switch-credit-note">
            {switchCreditNote(order.unused_days, order.credit)}
          </Typography.Paragraph>
        )}
        {abnormal && <Alert type="warning" showIcon title={MSG.orderAbnormal} style={{ marginBottom: 16 }} />}
        <PayTypeField value={checkout.payType} onChange={checkout.choosePayType} />
        <AgreementCheck checked={checkout.agreed} onChange={checkout.setAgreed} />
        {transferred ? (
          <TransferChosen />
        ) : qr ? (
          <QrPanel
            url={qr.url}
            expired={qr.expired}
            channel={channel}
            price={order.price}
            onRefresh={checkout.refreshOrder}
            onEdit={checkout.hideQr}
            {...(phone ? { onPayHere: () => checkout.startPay() } : {})}
          />
        ) : away ? (
          <AwayPanel {...phonePay} expired={away.expired} onReopen={checkout.reopenProvider} />
        ) : sheet ? (
          <SheetPanel
            {...phonePay}
            state={sheet.state}
            expired={sheet.expired}
            onRetry={checkout.retrySheet}
          />
        ) : (
          <>
            <Button
              type="primary"
              size="large"
              block
              className="uc-shop-pay"
              disabled={abnormal || repricing}
              loading={checkout.paying}
              onClick={() => checkout.startPay()}
            >
              立即支付
            </Button>
            {phone && (
              <QrFallbackLink
                disabled={abnormal || repricing || checkout.paying}
                onClick={() => checkout.startPay('qr')}
              />
            )}
          </>
        )}
        {plan?.plain_invoice_only && (
          <Typography.Paragraph type="secondary" className="uc-shop-invoice">
            {INVOICE_NOTE}
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
}
