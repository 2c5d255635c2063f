// One interface for every payment channel: create a QR, query, close, verify a notification, acknowledge it.
// Amounts are integers in fen everywhere; a provider converts at its own edge (Alipay speaks yuan strings).

export type PaymentProviderName = 'sandbox' | 'wechat' | 'alipay';

export interface CreateQrInput {
  /** The provider-facing trade number (unique per attempt, derived from the order's out_trade_no). */
  tradeNo: string;
  amountFen: number;
  /** What the payer sees, e.g. "VIP高级版 × 2年". */
  description: string;
  /** Pay-by time (the order's late_time). */
  expiresAt: Date;
  /** Where the provider posts its notification. */
  notifyUrl: string;
}

/**
 * How a payment is put before the payer (docs/decisions.md "Payment channels by device"): `qr` a code scanned from
 * another device; `h5` the phone's browser sent to the provider's page (WeChat Pay H5, Alipay wap) and back to
 * `returnUrl`; `jsapi` WeChat's in-app payment sheet, for the payer's `openid`.
 */
export type PaymentShape = 'qr' | 'h5' | 'jsapi';

export interface CreatePaymentInput extends CreateQrInput {
  shape: PaymentShape;
  /** h5: the payer's IP address (WeChat Pay's scene_info.payer_client_ip). */
  clientIp: string;
  /** jsapi: the payer's openid under the payer sign-in's app id. */
  openid: string | null;
  /** h5 and jsapi: where the browser comes back afterwards (the result page, which asks the server). */
  returnUrl: string;
  /** h5 at Alipay: where the cashier's 返回 leads (quit_url). */
  quitUrl: string;
}

/** WeixinJSBridge getBrandWCPayRequest's parameters, signed with the merchant key. */
export interface JsapiBridgeParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

/** A payment made at the provider: the address the payer goes to (or scans), and for jsapi the signed sheet. */
export type CreatedPayment =
  | { shape: 'qr' | 'h5'; url: string }
  | { shape: 'jsapi'; url: string; jsapi: JsapiBridgeParams };

/**
 * WeChat's web sign-in (snsapi_base) that tells the payer's openid: the browser goes to `authorizeUrl` and comes back
 * to `redirectUri` with `code` and `state`; `openid` exchanges the code.
 */
export interface PayerSignIn {
  /** The app id the openids belong to (the JSAPI app id). */
  readonly appId: string;
  authorizeUrl(redirectUri: string, state: string): string;
  /** The openid for a code; throws when WeChat refuses it. */
  openid(code: string): Promise<string>;
  /** The key that signs the sign-in's state. */
  readonly stateKey: Buffer;
}

export type QueryResult =
  | { state: 'paid'; providerTxnId: string; amountFen: number; paidAt: Date | null; raw: string }
  | { state: 'pending' | 'closed' | 'not_found'; raw: string };

/** A notification as it arrived: the raw body bytes (signatures are over them) and the headers. */
export interface NotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export type VerifiedNotification =
  | {
      ok: true;
      /** The provider's id of this notification (WeChat: id; Alipay: notify_id; sandbox: its own). */
      eventId: string;
      tradeNo: string;
      providerTxnId: string;
      amountFen: number;
      /** true only for a successful payment (WeChat SUCCESS; Alipay TRADE_SUCCESS/TRADE_FINISHED). */
      paid: boolean;
      /** The decrypted or parsed content, kept in payment_events. */
      raw: string;
    }
  | { ok: false; reason: string; raw: string };

/** A refund asked of the provider: part or all of one paid trade (docs/decisions.md "Refunds"). */
export interface RefundInput {
  /** Our refund number: WeChat Pay's out_refund_no, Alipay's out_request_no (unique per refund). */
  refundNo: string;
  /** The paid attempt's trade number (the provider's out_trade_no). */
  tradeNo: string;
  /** What the trade paid, in fen (WeChat Pay wants amount.total). */
  totalFen: number;
  amountFen: number;
  reason: string;
  /** Where the provider posts the refund's notification (WeChat Pay). */
  notifyUrl: string;
}

/**
 * A refund's state at the provider: `succeeded` (money returned), `pending` (accepted, still processing, or not known
 * yet: ask again), `failed` (refused or abnormal: nothing returned) or `closed`; `not_found` when the provider holds no
 * such refund (it never arrived).
 */
export type RefundResult =
  | {
      state: 'succeeded' | 'pending' | 'failed' | 'closed';
      providerRefundId: string | null;
      /** The refund's amount as the provider says, in fen (null when it does not say). */
      amountFen: number | null;
      raw: string;
    }
  | { state: 'not_found'; raw: string };

export type VerifiedRefundNotification =
  | {
      ok: true;
      eventId: string;
      refundNo: string;
      tradeNo: string;
      providerRefundId: string;
      amountFen: number;
      state: 'succeeded' | 'failed' | 'closed';
      raw: string;
    }
  | { ok: false; reason: string; raw: string };

/** What the HTTP layer sends back to the provider. */
export interface Acknowledgement {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createQr(input: CreateQrInput): Promise<{ qr: string }>;
  /** A payment in the shape asked for (a shape the provider does not offer throws). */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The payer sign-in JSAPI payments need (WeChat Pay with an official account, the sandbox); absent: no jsapi. */
  readonly payerSignIn?: PayerSignIn | undefined;
  query(tradeNo: string): Promise<QueryResult>;
  /** Closes an unpaid trade at the provider; closing an unknown or already closed trade is not an error. */
  close(tradeNo: string): Promise<void>;
  /** Checks signature, serial, timestamp, merchant and app; decrypts. Never throws for bad input. */
  verifyNotification(request: NotificationRequest): Promise<VerifiedNotification>;
  /** The answer once the notification is committed (ok) or refused (so the provider retries). */
  acknowledge(ok: boolean, reason?: string): Acknowledgement;
  /** Asks the provider to refund; throws when the answer is unknown (the refund stays pending and is queried). */
  refund(input: RefundInput): Promise<RefundResult>;
  /** The refund's state at the provider (Alipay needs the trade number too). */
  queryRefund(refundNo: string, tradeNo: string): Promise<RefundResult>;
  /** A refund notification checked like a payment notification; never throws. */
  verifyRefundNotification(request: NotificationRequest): Promise<VerifiedRefundNotification>;
}

/** pay_type 1 = WeChat; any other value = Alipay (docs/requirements.md §3). */
export interface PaymentChannels {
  wechat: PaymentProvider;
  alipay: PaymentProvider;
  /** Every provider that may post notifications, by name (the sandbox too when a channel uses it). */
  byName(name: PaymentProviderName): PaymentProvider | null;
}
