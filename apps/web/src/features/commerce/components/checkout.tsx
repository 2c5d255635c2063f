// The order flow of SPEC.md §4 shared by the plan and API package pages: the order created on entry, the
// quantity, the price lines, the agreement, WeChat or Alipay, the QR code with its 600-second countdown and the
// status poll, the corporate transfer and the invoice note.
import { AlipayCircleOutlined, EditOutlined, WechatOutlined } from '@ant-design/icons';
import {
  LIMITS,
  MSG,
  type OrderCreated,
  PAY_TYPE,
  type PlanItem,
  PUSH_ORDER_PAID,
  SECOND_MS,
  shanghaiDate,
} from '@uc/shared';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  type DescriptionsProps,
  Flex,
  QRCode,
  Radio,
  Result,
  Row,
  Segmented,
  Skeleton,
  Spin,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { errorText } from '../../../lib/http/api-error';
import { useAuthStore } from '../../../lib/session/auth-store';
import { getDistribution, isRemembered } from '../../../lib/session/cookies';
import { usePushMessage } from '../../../lib/session/push';
import { startSession } from '../../../lib/session/session';
import { toastError, toastWarning } from '../../../lib/ui/feedback';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { paths } from '../../../paths';
import { useCreateOrder } from '../api/create-order';
import { useCreatePay } from '../api/create-pay';
import { usePayStatus } from '../api/get-pay-status';
import { handledByClient, payFailureText, reportFailure } from '../model/failure';
import { countText, yuanText } from '../model/money';
import type { OrderParams } from '../model/order-params';
import { clockText, useCountdown } from '../model/use-countdown';
import { PriceLines } from './price-lines';
import { TransferDetails } from './transfer-details';

export type CheckoutKind = 'plan' | 'api';

export interface CheckoutProps {
  params: OrderParams;
  kind: CheckoutKind;
  /** The catalogue entry of the plan (invoice note, calls per unit), when the catalogue has loaded. */
  plan?: PlanItem;
  /** Extra content of the order card (the plan switcher). */
  planSwitcher?: React.ReactNode;
}

/** The agreement page of SPEC.md §2. */
export const AGREEMENT_HREF = '/usercenter/vipAgreement.html';

const INVOICE_NOTE = '仅支持开具普通电子发票';

const QUANTITIES = Array.from(
  { length: LIMITS.quantityMax - LIMITS.quantityMin + 1 },
  (_, i) => LIMITS.quantityMin + i,
);

interface QrState {
  outTradeNo: string;
  url: string;
  payType: number;
}

const dateOrDash = (iso: string | null | undefined) => (iso ? shanghaiDate(iso) : '—');

function successPath(kind: CheckoutKind): string {
  return `${kind === 'api' ? paths.apiPaySuccess : paths.paySuccess}?state=true`;
}

function OrderFacts({
  order,
  kind,
  plan,
  count,
  planSwitcher,
  stepper,
}: {
  order: OrderCreated;
  kind: CheckoutKind;
  plan: PlanItem | undefined;
  count: number;
  planSwitcher: React.ReactNode;
  stepper: React.ReactNode;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const perUnit = plan?.api_calls_per_unit ?? LIMITS.apiCallsPerUnit;
  const items: DescriptionsProps['items'] = [
    {
      key: 'name',
      label: '套餐名称',
      children: (
        <Flex gap={8} wrap align="center">
          <Typography.Text strong data-testid="order-plan-name">
            {order.name}
          </Typography.Text>
          {planSwitcher}
        </Flex>
      ),
    },
    {
      key: 'no',
      label: '订单编号',
      children: (
        <Typography.Text copyable data-testid="order-no">
          {order.out_trade_no}
        </Typography.Text>
      ),
    },
  ];
  if (kind === 'plan') {
    items.push(
      {
        key: 'current',
        label: '当前到期时间',
        children: <span data-testid="current-expiry">{dateOrDash(order.expired_time)}</span>,
      },
      {
        key: 'new',
        label: '购买后到期时间',
        children: (
          <Typography.Text type="success" data-testid="new-expiry">
            {dateOrDash(order.new_expired_time)}
          </Typography.Text>
        ),
      },
    );
  }
  items.push({ key: 'count', label: '购买时长', children: stepper });
  if (kind === 'api') {
    items.push({
      key: 'calls',
      label: '调用次数',
      children: (
        <span data-testid="api-calls">
          {countText(perUnit)} 次 × {count} = <strong>{countText(perUnit * count)} 次</strong>
        </span>
      ),
    });
  }
  return (
    <Descriptions
      column={1}
      size="middle"
      layout={phone ? 'vertical' : 'horizontal'}
      className="uc-shop-facts"
      items={items}
    />
  );
}

export function Checkout({ params, kind, plan, planSwitcher }: CheckoutProps) {
  const userId = useAuthStore((s) => s.id);
  const navigate = useNavigate();
  const [count, setCount] = useState<number>(LIMITS.quantityMin);
  // A new attempt creates a brand-new order (the QR code's refresh after the order expired).
  const [attempt, setAttempt] = useState(0);
  const [payType, setPayType] = useState<number>(PAY_TYPE.wechat);
  const [agreed, setAgreed] = useState(false);
  const [qr, setQr] = useState<QrState | null>(null);
  const [qrExpired, setQrExpired] = useState(false);
  const [deadline, setDeadline] = useState<{ attempt: number; at: number } | null>(null);
  // 企业对公转账 chosen: the order waits for the transfer, no QR code and no countdown any more.
  const [transferOf, setTransferOf] = useState<string | null>(null);

  const orderQuery = useCreateOrder(userId, { gid: params.gid, count }, attempt, true);
  const order = orderQuery.data;
  const repricing = orderQuery.isFetching || orderQuery.isPlaceholderData;
  const settled = order !== undefined && !orderQuery.isPlaceholderData;

  // The 600-second countdown starts with the order and restarts with a new one (SPEC.md §4, §9).
  useEffect(() => {
    if (settled && deadline?.attempt !== attempt) {
      setDeadline({ attempt, at: Date.now() + LIMITS.paymentCountdownSeconds * SECOND_MS });
    }
  }, [settled, attempt, deadline?.attempt]);
  const transferred = transferOf !== null && transferOf === order?.out_trade_no;
  const left = useCountdown(transferred ? null : (deadline?.at ?? null));
  const timedOut = left === 0;

  // The stepper's minimum is the tier already reached.
  const minCount = Math.max(LIMITS.quantityMin, order?.min_count ?? LIMITS.quantityMin);
  useEffect(() => {
    if (settled && count < minCount) setCount(minCount);
  }, [settled, count, minCount]);

  const createFailed = orderQuery.isError;
  useEffect(() => {
    if (createFailed) reportFailure(orderQuery.error, MSG.orderCreateFailed);
  }, [createFailed, orderQuery.error]);

  const expiryMissing = kind === 'plan' && params.renew && settled && !order.expired_time;
  useEffect(() => {
    if (expiryMissing) toastError(MSG.orderExpiryMissing);
  }, [expiryMissing]);

  const pay = useCreatePay();
  const showQr =
    qr !== null && order !== undefined && qr.outTradeNo === order.out_trade_no && qr.payType === payType;
  const status = usePayStatus(userId, showQr ? qr.outTradeNo : '', showQr && !qrExpired && !timedOut);
  // The server pushes a paid order at once; the 2-second poll stays the fallback.
  usePushMessage(PUSH_ORDER_PAID, (message) => {
    if (showQr && message.message === qr.outTradeNo) void status.refetch();
  });

  // Paid: the new token is stored as at login and the success page takes over (SPEC.md §4 step 6).
  const paid = status.data?.status === true;
  const newToken = status.data?.token ?? null;
  const orderStatus = status.data?.order_status;
  useEffect(() => {
    if (paid) {
      if (newToken) {
        try {
          startSession(newToken, isRemembered());
        } catch {
          // The success page reloads the session from the server either way.
        }
      }
      navigate(successPath(kind), { replace: true });
    } else if (orderStatus === 'expired' || orderStatus === 'closed') {
      setQrExpired(true);
    }
  }, [paid, newToken, orderStatus, kind, navigate]);

  const statusFailedAt = status.isError ? status.errorUpdatedAt : 0;
  useEffect(() => {
    if (statusFailedAt) reportFailure(status.error, MSG.payFailed);
  }, [statusFailedAt, status.error]);

  // Countdown 0: back to the plans with the warning, shown for 10 seconds (SPEC.md §4 step 7, §8).
  const timeoutHandled = useRef(false);
  useEffect(() => {
    if (!timedOut || timeoutHandled.current) return;
    timeoutHandled.current = true;
    toastWarning(MSG.orderTimeout, 10);
    navigate(paths.vip, { replace: true });
  }, [timedOut, navigate]);

  if (createFailed && !order) {
    return (
      <Card>
        <Result
          status="error"
          title={MSG.orderCreateFailed}
          subTitle={handledByClient(orderQuery.error) ? undefined : errorText(orderQuery.error, '')}
          extra={[
            <Button key="retry" type="primary" onClick={() => void orderQuery.refetch()}>
              重试
            </Button>,
            <LinkButton key="back" to={paths.vip}>
              返回会员套餐
            </LinkButton>,
          ]}
        />
      </Card>
    );
  }

  if (!order) {
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

  const abnormal = order.price < 0;
  const hideQr = () => {
    setQr(null);
    setQrExpired(false);
  };

  const onPay = () => {
    if (!agreed) {
      toastWarning(MSG.agreementRequired);
      return;
    }
    if (abnormal) {
      toastWarning(MSG.orderAbnormal);
      return;
    }
    if (expiryMissing) {
      toastError(MSG.orderExpiryMissing);
      return;
    }
    const source = getDistribution();
    const chosen = payType;
    pay.mutate(
      {
        gid: order.gid,
        out_trade_no: order.out_trade_no,
        pay_type: chosen,
        expired_time: order.expired_time,
        finalPrice: order.price,
        count: order.count,
        ...(source ? { source } : {}),
      },
      {
        onSuccess: (created) => {
          setQrExpired(false);
          setQr({ outTradeNo: order.out_trade_no, url: created.url, payType: chosen });
        },
        onError: (error) => reportFailure(error, payFailureText(error, MSG.payFailed)),
      },
    );
  };

  const refreshOrder = () => {
    hideQr();
    setAttempt((n) => n + 1);
  };

  const stepper = (
    <Segmented<number>
      aria-label="购买时长"
      value={count}
      disabled={showQr || transferred}
      onChange={(value) => {
        hideQr();
        setCount(value);
      }}
      options={QUANTITIES.map((n) => ({ label: `${n}年`, value: n, disabled: n < minCount }))}
    />
  );

  const channel = payType === PAY_TYPE.wechat ? '微信' : '支付宝';

  return (
    <div className="uc-shop-checkout">
      <Card title="订单信息" className="uc-shop-area-info">
        <OrderFacts
          order={order}
          kind={kind}
          plan={plan}
          count={count}
          planSwitcher={planSwitcher}
          stepper={stepper}
        />
        {expiryMissing && <Alert type="error" showIcon title={MSG.orderExpiryMissing} />}
      </Card>
      <Card title="企业对公转账" className="uc-shop-area-transfer">
        <TransferDetails
          outTradeNo={order.out_trade_no}
          disabled={repricing || abnormal}
          onRequested={() => {
            hideQr();
            setTransferOf(order.out_trade_no);
          }}
        />
      </Card>
      <Card
        title="支付订单"
        className="uc-shop-area-pay"
        extra={
          left !== null && (
            <span className={`uc-shop-countdown${left < 60 ? ' uc-shop-countdown-late' : ''}`} role="timer">
              剩余支付时间 <strong data-testid="pay-countdown">{clockText(left)}</strong>
            </span>
          )
        }
      >
        <PriceLines lines={order.lines} price={order.price} busy={repricing} />
        {abnormal && <Alert type="warning" showIcon title={MSG.orderAbnormal} style={{ marginBottom: 16 }} />}
        <fieldset className="uc-shop-field">
          <legend>支付方式</legend>
          <Radio.Group
            value={payType}
            onChange={(event) => {
              hideQr();
              setPayType(event.target.value as number);
            }}
            options={[
              {
                value: PAY_TYPE.wechat,
                label: (
                  <span>
                    <WechatOutlined style={{ color: '#07c160' }} /> 微信支付
                  </span>
                ),
              },
              {
                value: PAY_TYPE.alipay,
                label: (
                  <span>
                    <AlipayCircleOutlined style={{ color: '#1677ff' }} /> 支付宝支付
                  </span>
                ),
              },
            ]}
          />
        </fieldset>
        <Checkbox
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          className="uc-shop-agree"
        >
          我已阅读并同意
          <a
            href={AGREEMENT_HREF}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(e) => e.stopPropagation()}
          >
            《查策网会员服务协议》
          </a>
        </Checkbox>
        {transferred ? (
          <Alert
            type="info"
            showIcon
            title="您已选择企业对公转账"
            description="请按收款账户信息转账，并在备注中填写订单号，款项到账后将为您开通服务。"
          />
        ) : showQr && qr.url === '' ? (
          // Nothing to pay (the credit covers the price): the server credits the order at once.
          <div className="uc-shop-qr" data-testid="pay-qr">
            <Spin description="正在开通，请稍候…" />
          </div>
        ) : showQr ? (
          <div className="uc-shop-qr" data-testid="pay-qr">
            <QRCode
              value={qr.url}
              size={200}
              status={qrExpired ? 'expired' : 'active'}
              onRefresh={refreshOrder}
              aria-label={`${channel}支付二维码`}
            />
            <Typography.Text>
              请使用{channel}扫码支付{' '}
              <Typography.Text strong type="danger">
                {yuanText(order.price)}
              </Typography.Text>
            </Typography.Text>
            {/^https?:\/\//i.test(qr.url) && (
              <a href={qr.url} target="_blank" rel="noopener noreferrer" className="uc-shop-qr-link">
                无法扫码？在新窗口打开支付页面
              </a>
            )}
            <Button icon={<EditOutlined />} onClick={hideQr}>
              修改订单
            </Button>
          </div>
        ) : (
          <Button
            type="primary"
            size="large"
            block
            className="uc-shop-pay"
            disabled={abnormal || repricing}
            loading={pay.isPending}
            onClick={onPay}
          >
            立即支付
          </Button>
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
