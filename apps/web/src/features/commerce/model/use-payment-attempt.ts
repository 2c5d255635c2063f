// The order page's payment state (docs/requirements.md §4, §9): the order created on entry and repriced per quantity and coupon,
// the chosen channel, the last attempt as the server put it before the payer (a QR code, the provider's page the
// browser went to, WeChat's in-app sheet: docs/decisions.md "Payment channels by device"), the status poll and the
// push that end it, the 600-second countdown and what its end does, the corporate transfer that stops both.
import {
  type JsapiParams,
  LIMITS,
  MSG,
  PAY_TYPE,
  type PayCreated,
  type PayMode,
  PUSH_ORDER_PAID,
  SECOND_MS,
} from '@uc/shared';
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
import { awayFor, forgetAway, rememberAway } from './away-attempt';
import { couponTaken, creationFailure, payFailureText, reportFailure } from './failure';
import { leaveFor } from './leave-page';
import type { OrderParams } from './order-params';
import { type CheckoutKind, successPath } from './pay-destinations';
import { bridgeExpected, openWechatSheet, type SheetOutcome } from './wechat-bridge';

export type { CheckoutKind };

/** The coupon choice 不使用优惠券. */
export const NO_COUPON = 0;

/** The attempt the page shows: its order and channel, and how the server put it before the payer. */
interface ShownAttempt {
  outTradeNo: string;
  url: string;
  payType: number;
  mode: PayMode;
  jsapi?: JsapiParams;
}

/** WeChat's sheet: open, or how it ended without paying. */
export type SheetState = 'open' | Exclude<SheetOutcome, 'ok'>;

/** The result page of an attempt that left the order page. */
export const payResultPath = (outTradeNo: string): string =>
  `${paths.payResult}?out_trade_no=${encodeURIComponent(outTradeNo)}`;

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
  const [shown, setShown] = useState<ShownAttempt | null>(null);
  const [qrExpired, setQrExpired] = useState(false);
  const [sheet, setSheet] = useState<SheetState>('open');
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
  // The attempt of the order and channel shown now: its status is polled whatever the way it is paid, also while
  // the browser is at the provider's page (the member may come back with the back button).
  const current =
    shown !== null &&
    order !== undefined &&
    shown.outTradeNo === order.out_trade_no &&
    shown.payType === payType
      ? shown
      : null;
  const status = usePayStatus(userId, current?.outTradeNo ?? '', current !== null && !qrExpired && !timedOut);
  // The server pushes a paid order at once; the 2-second poll stays the fallback.
  usePushMessage(PUSH_ORDER_PAID, (message) => {
    if (current && message.message === current.outTradeNo) void status.refetch();
  });

  // Paid: the new token is stored as at login and the success page takes over (docs/requirements.md §4 step 6).
  const paid = status.data?.status === true;
  // WeChat's sheet ends on the result page, whichever tells first (the sheet's callback, the poll, the push).
  const paidPath =
    current?.mode === 'jsapi'
      ? payResultPath(current.outTradeNo)
      : successPath(kind, current?.outTradeNo ?? '', params.pack?.tool);
  const newToken = status.data?.token ?? null;
  const orderStatus = status.data?.order_status;
  useEffect(() => {
    if (paid) {
      forgetAway();
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
    setShown(null);
    setQrExpired(false);
    forgetAway();
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

  // The sheet answers once the payment is made, when the poll or the push may have left this page already (and the
  // member moved on from the result page): its answer then leads nowhere.
  const onPage = useRef(true);
  useEffect(() => {
    onPage.current = true;
    return () => {
      onPage.current = false;
    };
  }, []);

  /** Shows WeChat's sheet; paid, the result page asks the server (the sheet's own answer is never trusted). */
  function openSheet(outTradeNo: string, jsapi: JsapiParams) {
    setSheet('open');
    void openWechatSheet(jsapi).then((outcome) => {
      if (!onPage.current) return;
      if (outcome === 'ok') navigate(payResultPath(outTradeNo));
      else setSheet(outcome);
    });
  }

  /** How the created attempt is put before the payer. */
  function present(created: PayCreated, outTradeNo: string, gid: number, chosen: number) {
    setQrExpired(false);
    if (created.mode === 'oauth') {
      // WeChat learns the payer once; its sign-in comes back to this page, which then pays again.
      rememberAway({ outTradeNo, gid, payType: chosen, mode: 'oauth', url: created.url });
      leaveFor(created.url);
      return;
    }
    // Outside WeChat no bridge will come: the attempt's page, when it has one (the sandbox's), is opened instead.
    const mode = created.mode === 'jsapi' && created.url !== '' && !bridgeExpected() ? 'h5' : created.mode;
    setShown({ outTradeNo, url: created.url, payType: chosen, mode, jsapi: created.jsapi });
    if (mode === 'h5') {
      rememberAway({ outTradeNo, gid, payType: chosen, mode: 'h5', url: created.url });
      leaveFor(created.url);
    } else if (mode === 'jsapi') {
      if (created.jsapi) openSheet(outTradeNo, created.jsapi);
      else setSheet('fail');
    }
  }

  function send(chosen: number, mode?: PayMode) {
    if (!order) return;
    const source = getDistribution();
    const { out_trade_no: outTradeNo, gid } = order;
    pay.mutate(
      {
        gid,
        out_trade_no: outTradeNo,
        pay_type: chosen,
        expired_time: order.expired_time,
        finalPrice: order.price,
        count: order.count,
        ...(source ? { source } : {}),
        ...(mode ? { mode } : {}),
      },
      { onSuccess: (created) => present(created, outTradeNo, gid, chosen), onError: payFailed },
    );
  }

  // Back on the order page after leaving it for the provider (the back button) or WeChat's sign-in: the attempt of
  // this order is shown and polled again, or paid again now that WeChat knows the payer (agreed before leaving).
  const resumedFor = useRef<string | null>(null);
  const resumeSend = useRef(send);
  resumeSend.current = send;
  const settledOrder = settled ? order : undefined;
  useEffect(() => {
    if (!settledOrder || resumedFor.current === settledOrder.out_trade_no) return;
    resumedFor.current = settledOrder.out_trade_no;
    const away = awayFor(settledOrder);
    if (!away) return;
    setPayType(away.payType);
    if (away.mode === 'h5') {
      setShown({ outTradeNo: settledOrder.out_trade_no, url: away.url, payType: away.payType, mode: 'h5' });
      return;
    }
    forgetAway();
    setAgreed(true);
    resumeSend.current(away.payType);
  }, [settledOrder]);

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
    /** An attempt of the order and channel is out (the quantity and coupon are locked meanwhile). */
    attemptOut: current !== null,
    /** The QR code of the order and channel shown now, null when none is. */
    qr: current?.mode === 'qr' ? { url: current.url, expired: qrExpired } : null,
    /** The provider's page the browser was sent to (H5, wap), while its attempt is out. */
    away: current?.mode === 'h5' ? { expired: qrExpired } : null,
    /** WeChat's in-app sheet of the attempt, while it is out. */
    sheet: current?.mode === 'jsapi' ? { state: sheet, expired: qrExpired } : null,
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

    /**
     * 立即支付: the agreement, a payable price and a known expiry first, then an attempt for the chosen channel, put
     * before the payer the way the server chose from the device, or the one named (改用扫码支付 names 'qr').
     */
    startPay(mode?: PayMode) {
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
      send(payType, mode);
    },

    /** Opens WeChat's sheet again after it was closed or refused. */
    retrySheet() {
      if (current?.mode === 'jsapi' && current.jsapi) openSheet(current.outTradeNo, current.jsapi);
    },

    /** Sends the browser to the provider's page again (the member came back without paying). */
    reopenProvider() {
      if (current?.mode === 'h5') leaveFor(current.url);
    },
  };
}

export type PaymentAttempt = ReturnType<typeof usePaymentAttempt>;
