// The order page's payment state (docs/requirements.md §4, §9): the order created on entry and repriced per quantity and coupon,
// the chosen channel, the QR code of the last attempt, the status poll and the push that end it, the 600-second
// countdown and what its end does, the corporate transfer that stops both.
import { LIMITS, MSG, PAY_TYPE, PUSH_ORDER_PAID, SECOND_MS } from '@uc/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../../lib/session/auth-store';
import { getDistribution, isRemembered } from '../../../lib/session/cookies';
import { usePushMessage } from '../../../lib/session/push';
import { startSession } from '../../../lib/session/session';
import { toastError, toastWarning } from '../../../lib/ui/feedback';
import { useCountdown } from '../../../lib/ui/use-countdown';
import { paths } from '../../../paths';
import { useCreateOrder } from '../api/create-order';
import { useCreatePay } from '../api/create-pay';
import { usePayStatus } from '../api/get-pay-status';
import { couponTaken, creationFailure, payFailureText, reportFailure } from './failure';
import type { OrderParams } from './order-params';

export type CheckoutKind = 'plan' | 'api' | 'credits' | 'gift';

/** The coupon choice 不使用优惠券. */
export const NO_COUPON = 0;

interface QrState {
  outTradeNo: string;
  url: string;
  payType: number;
}

function successPath(kind: CheckoutKind, params: OrderParams, outTradeNo: string): string {
  if (kind === 'credits') return `${paths.toolsMine}?paid=${params.pack?.tool ?? ''}`;
  if (kind === 'gift') return `${paths.cardsShop}?paid=${outTradeNo}`;
  return `${kind === 'api' ? paths.apiPaySuccess : paths.paySuccess}?state=true`;
}

export function usePaymentAttempt(params: OrderParams, kind: CheckoutKind) {
  const userId = useAuthStore((s) => s.id);
  const navigate = useNavigate();
  // 继续支付 of 我的订单 opens the page at the order's quantity; the order's min_count still applies below.
  const [count, setCount] = useState<number>(params.count ?? LIMITS.quantityMin);
  // The member's coupon: undefined until one is chosen (the order keeps the coupon it already applies, re-entering the
  // page included), then its id or 0 (none), sent again with each new quantity.
  const [coupon, setCoupon] = useState<number | undefined>(undefined);
  // A new attempt asks for the order again (the QR code's refresh after the order expired: a new order then).
  const [attempt, setAttempt] = useState(0);
  const [payType, setPayType] = useState<number>(PAY_TYPE.wechat);
  const [agreed, setAgreed] = useState(false);
  const [qr, setQr] = useState<QrState | null>(null);
  const [qrExpired, setQrExpired] = useState(false);
  const [deadline, setDeadline] = useState<{ attempt: number; at: number } | null>(null);
  // 企业对公转账 chosen: the order waits for the transfer, no QR code and no countdown any more.
  const [transferOf, setTransferOf] = useState<string | null>(null);

  const orderQuery = useCreateOrder(
    userId,
    { gid: params.gid, count, pack: params.pack, gift: params.gift, coupon },
    attempt,
    true,
  );
  const order = orderQuery.data;
  const repricing = orderQuery.isFetching || orderQuery.isPlaceholderData;
  const settled = order !== undefined && !orderQuery.isPlaceholderData;

  // The 600-second countdown starts with the order and restarts with a new one (docs/requirements.md §4, §9).
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
    if (!createFailed) return;
    const why = creationFailure(orderQuery.error);
    // 已享更高权益 is no failure to alarm about: the page's result says it.
    if (why === 'abnormal') toastWarning(MSG.orderAbnormal);
    else if (why === 'other') reportFailure(orderQuery.error, MSG.orderCreateFailed);
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

  // Paid: the new token is stored as at login and the success page takes over (docs/requirements.md §4 step 6).
  const paid = status.data?.status === true;
  const paidPath = successPath(kind, params, showQr ? qr.outTradeNo : '');
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
      navigate(paidPath, { replace: true });
    } else if (orderStatus === 'expired' || orderStatus === 'closed') {
      setQrExpired(true);
    }
  }, [paid, newToken, orderStatus, paidPath, navigate]);

  const statusFailedAt = status.isError ? status.errorUpdatedAt : 0;
  useEffect(() => {
    if (statusFailedAt) reportFailure(status.error, MSG.payFailed);
  }, [statusFailedAt, status.error]);

  // Countdown 0: back to the plans with the warning, shown for 10 seconds (docs/requirements.md §4 step 7, §8).
  const timeoutHandled = useRef(false);
  useEffect(() => {
    if (!timedOut || timeoutHandled.current) return;
    timeoutHandled.current = true;
    toastWarning(MSG.orderTimeout, 10);
    navigate(kind === 'credits' ? paths.toolsMine : kind === 'gift' ? paths.cardsShop : paths.vip, {
      replace: true,
    });
  }, [timedOut, kind, navigate]);

  const abnormal = order !== undefined && order.price < 0;
  const hideQr = () => {
    setQr(null);
    setQrExpired(false);
  };

  // The selector shows the coupon the order applies, or the one chosen while the order is priced with it.
  const couponValue =
    orderQuery.isPlaceholderData && coupon !== undefined ? coupon : (order?.coupon?.id ?? NO_COUPON);
  // A coupon chosen that the order does not apply (no longer usable at this quantity, taken by another order): why.
  const missed =
    settled && coupon !== undefined && coupon !== NO_COUPON && order.coupon?.id !== coupon
      ? (order.coupons.find((c) => c.id === coupon) ?? null)
      : undefined;
  const couponWarning =
    missed === undefined ? null : `所选优惠券未能使用：${missed?.reason ?? MSG.couponUnavailable}`;

  /** A failed pay or transfer call; one refusing the order's coupon prices the order again. */
  const payFailed = (error: unknown) => {
    reportFailure(error, payFailureText(error, MSG.payFailed));
    if (!couponTaken(error)) return;
    // The coupon the order held becomes the choice, so the repriced order's selector says why it no longer applies.
    const held = coupon ?? order?.coupon?.id;
    if (held !== coupon) setCoupon(held);
    else void orderQuery.refetch();
  };

  return {
    order,
    /** The order is being created or repriced: its price may still change. */
    repricing,
    createFailed,
    createError: orderQuery.error,
    retryOrder: () => void orderQuery.refetch(),
    count,
    minCount,
    /** The coupon the selector shows: the order's, 0 for none. */
    couponValue,
    /** Why the coupon chosen is not applied, null when it is (or none was chosen). */
    couponWarning,
    payType,
    agreed,
    setAgreed,
    /** The QR code of the order and channel shown now, null when none is. */
    qr: showQr ? { url: qr.url, expired: qrExpired } : null,
    transferred,
    /** Seconds left to pay, null once the order awaits a transfer (or before it exists). */
    left,
    expiryMissing,
    abnormal,
    paying: pay.isPending,
    hideQr,

    chooseCount(value: number) {
      hideQr();
      setCount(value);
    },

    chooseCoupon(value: number) {
      hideQr();
      setCoupon(value);
    },

    /** A failed transfer call (the same handling as a failed 立即支付). */
    payFailed,

    choosePayType(value: number) {
      hideQr();
      setPayType(value);
    },

    /** The order now awaits a transfer: no QR code, no countdown. */
    transferChosen(outTradeNo: string) {
      hideQr();
      setTransferOf(outTradeNo);
    },

    /** The expired QR code's refresh: a new order (or the same one repriced) and a new countdown. */
    refreshOrder() {
      hideQr();
      setAttempt((n) => n + 1);
    },

    /** 立即支付: the agreement, a payable price and a known expiry first, then a QR code for the chosen channel. */
    startPay() {
      if (!order) return;
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
          onError: payFailed,
        },
      );
    },
  };
}

export type PaymentAttempt = ReturnType<typeof usePaymentAttempt>;
