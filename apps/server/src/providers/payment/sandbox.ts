// The sandbox channel: a QR that opens this server's 模拟支付 page, where a click confirms the payment without money.
// The phone's shapes lead to the same page: h5 goes there directly and back to the result page after 确认支付/取消;
// jsapi answers signed-looking bridge parameters (package=prepay_id=SBXP…) and the page for a browser without
// WeixinJSBridge; its payer sign-in comes straight back with a code (docs/decisions.md "Payment channels by device").
// Trades live in the key-value store; the notification is signed with a key derived from the server secret.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { COMMERCE_API, parseJson } from '@uc/shared';
import { z } from 'zod';
import { type KeyValue, readJson } from '../../lib/kv.js';
import { headerValue, jsonAcknowledgement, refuse } from './common.js';
import { signInStateKey } from './payer-sign-in.js';
import type {
  CreatedPayment,
  CreatePaymentInput,
  CreateQrInput,
  NotificationRequest,
  PaymentProvider,
  QueryResult,
  RefundInput,
  RefundResult,
  VerifiedNotification,
  VerifiedRefundNotification,
} from './types.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_SKEW_SECONDS = 300;

export const SANDBOX_HEADERS = {
  timestamp: 'x-sandbox-timestamp',
  nonce: 'x-sandbox-nonce',
  signature: 'x-sandbox-signature',
} as const;

const tradeSchema = z.object({
  tradeNo: z.string(),
  amountFen: z.number().int(),
  description: z.string(),
  /** ISO. */
  expiresAt: z.string(),
  state: z.enum(['pending', 'paid', 'closed']),
  providerTxnId: z.string().nullable(),
  /** ISO, once paid. */
  paidAt: z.string().nullable(),
  /** h5 and jsapi: where the page sends the browser after 确认支付 or 取消. */
  returnUrl: z.string().nullable().optional(),
});

const refundSchema = z.object({
  refundNo: z.string(),
  tradeNo: z.string(),
  refundId: z.string(),
  amountFen: z.number().int(),
  state: z.enum(['succeeded', 'failed']),
});

const refundNotificationSchema = z.object({
  id: z.string().min(1),
  refund_no: z.string().min(1),
  trade_no: z.string().min(1),
  refund_id: z.string().min(1),
  amount_fen: z.number().int().positive(),
  refund_status: z.enum(['SUCCESS', 'ABNORMAL', 'CLOSED']),
});

/** A sandbox trade as the 模拟支付 page shows it. */
export type SandboxTrade = z.infer<typeof tradeSchema>;

const notificationSchema = z.object({
  id: z.string().min(1),
  trade_no: z.string().min(1),
  transaction_id: z.string().min(1),
  amount_fen: z.number().int().nonnegative(),
  trade_state: z.string(),
});

/** A signed notification, ready to be posted to the notify URL (what the confirm button does). */
export interface SandboxNotification {
  headers: Record<string, string>;
  body: string;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The trade behind a QR link; null when the signature or the trade is wrong. */
  describe(tradeNo: string, sig: string): Promise<SandboxTrade | null>;
  /**
   * Marks the trade paid (the transaction id is stable) and returns its signed notification; null when
   * the trade is unknown, closed or past its pay-by time.
   */
  confirm(tradeNo: string): Promise<SandboxNotification | null>;
  /** The payer gave up: the trade is closed unless already paid. false when unknown or paid. */
  cancel(tradeNo: string): Promise<boolean>;
  /** The signed notification of a refund made (its own notify, like a payment's); null when unknown. */
  refundNotification(refundNo: string): Promise<SandboxNotification | null>;
}

export interface SandboxDeps {
  kv: KeyValue;
  /** The server secret; the sandbox derives its own keys from it. */
  secret: string;
  /** Where the payer's browser reaches this server, without a trailing slash. */
  publicBaseUrl: string;
  now: () => Date;
}

const tradeKey = (tradeNo: string) => `pay:sandbox:${tradeNo}`;
/** The sandbox's own official-account app id (bridge parameters and openids). */
const SANDBOX_APP_ID = 'wxsandbox00000000';
const refundKey = (refundNo: string) => `pay:sandbox:refund:${refundNo}`;

const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export function createSandboxProvider({ kv, secret, publicBaseUrl, now }: SandboxDeps): SandboxProvider {
  const pageKey = createHmac('sha256', secret).update('payment-sandbox-page').digest();
  const notifyKey = createHmac('sha256', secret).update('payment-sandbox-notify').digest();
  const pageSig = (tradeNo: string) => createHmac('sha256', pageKey).update(tradeNo).digest('base64url');
  const notifySig = (timestamp: string, nonce: string, body: Buffer | string) =>
    createHmac('sha256', notifyKey)
      .update(`${timestamp}\n${nonce}\n`)
      .update(body)
      .update('\n')
      .digest('base64');

  const load = (tradeNo: string) => readJson(kv, tradeKey(tradeNo), tradeSchema);
  const save = (trade: SandboxTrade) => {
    const ttl = Math.max(Date.parse(trade.expiresAt) - now().getTime(), 0) + DAY_MS;
    return kv.set(tradeKey(trade.tradeNo), JSON.stringify(trade), ttl);
  };

  /** The signed headers of a notification body. */
  const signed = (body: string): SandboxNotification => {
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      headers: {
        'content-type': 'application/json',
        [SANDBOX_HEADERS.timestamp]: timestamp,
        [SANDBOX_HEADERS.nonce]: nonce,
        [SANDBOX_HEADERS.signature]: notifySig(timestamp, nonce, body),
      },
      body,
    };
  };

  /** The verified JSON body of a sandbox notification, or why not. */
  const verifiedBody = ({
    headers,
    rawBody,
  }: NotificationRequest): { raw: string; reason: string | null } => {
    const raw = rawBody.toString('utf8');
    const timestamp = headerValue(headers, SANDBOX_HEADERS.timestamp);
    const nonce = headerValue(headers, SANDBOX_HEADERS.nonce);
    const signature = headerValue(headers, SANDBOX_HEADERS.signature);
    if (!timestamp || !nonce || !signature) return { raw, reason: 'missing signature headers' };
    if (!safeEqual(signature, notifySig(timestamp, nonce, rawBody))) return { raw, reason: 'bad signature' };
    if (!/^\d{1,12}$/.test(timestamp)) return { raw, reason: 'bad timestamp' };
    if (Math.abs(now().getTime() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) {
      return { raw, reason: 'stale timestamp' };
    }
    return { raw, reason: null };
  };

  const loadRefund = (refundNo: string) => readJson(kv, refundKey(refundNo), refundSchema);
  const refundResult = (refund: z.infer<typeof refundSchema>): RefundResult => ({
    state: refund.state,
    providerRefundId: refund.refundId,
    amountFen: refund.amountFen,
    raw: JSON.stringify(refund),
  });

  const notificationOf = (trade: SandboxTrade & { providerTxnId: string }): SandboxNotification => {
    const body = JSON.stringify({
      id: `SBXN${trade.providerTxnId.slice(3)}`,
      trade_no: trade.tradeNo,
      transaction_id: trade.providerTxnId,
      amount_fen: trade.amountFen,
      trade_state: 'SUCCESS',
    });
    return signed(body);
  };

  /** Keeps the trade and answers its 模拟支付 page's address. */
  async function open(input: CreateQrInput, returnUrl: string | null): Promise<string> {
    await save({
      tradeNo: input.tradeNo,
      amountFen: input.amountFen,
      description: input.description,
      expiresAt: input.expiresAt.toISOString(),
      state: 'pending',
      providerTxnId: null,
      paidAt: null,
      returnUrl,
    });
    const query = new URLSearchParams({ trade_no: input.tradeNo, sig: pageSig(input.tradeNo) });
    return `${publicBaseUrl}${COMMERCE_API.sandboxPage}?${query}`;
  }

  const digest = (label: string, text: string) =>
    createHmac('sha256', notifyKey).update(`${label}:${text}`).digest('hex').slice(0, 24).toUpperCase();

  return {
    name: 'sandbox',

    async createQr(input: CreateQrInput) {
      return { qr: await open(input, null) };
    },

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      if (input.shape === 'qr') return { shape: 'qr', url: await open(input, null) };
      const url = await open(input, input.returnUrl || null);
      if (input.shape === 'h5') return { shape: 'h5', url };
      const timeStamp = String(Math.floor(now().getTime() / 1000));
      const nonceStr = randomBytes(16).toString('hex');
      const pkg = `prepay_id=SBXP${digest('prepay', input.tradeNo)}`;
      const paySign = createHmac('sha256', notifyKey)
        .update(`${SANDBOX_APP_ID}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
        .digest('base64');
      return {
        shape: 'jsapi',
        url,
        jsapi: { appId: SANDBOX_APP_ID, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign },
      };
    },

    /** No WeChat here: the sign-in comes straight back with a code, whose openid is derived from it. */
    payerSignIn: {
      appId: SANDBOX_APP_ID,
      stateKey: signInStateKey(secret),
      authorizeUrl(redirectUri, state) {
        const code = `SBXC${randomBytes(12).toString('hex')}`;
        const query = new URLSearchParams({ code, state });
        return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${query}`;
      },
      async openid(code) {
        if (!/^SBXC[0-9a-f]{24}$/.test(code)) throw new Error('sandbox sign-in: unknown code');
        return `sbx_o${digest('openid', code)}`;
      },
    },

    async query(tradeNo): Promise<QueryResult> {
      const trade = await load(tradeNo);
      if (!trade) return { state: 'not_found', raw: '' };
      const raw = JSON.stringify(trade);
      if (trade.state === 'paid' && trade.providerTxnId) {
        return {
          state: 'paid',
          providerTxnId: trade.providerTxnId,
          amountFen: trade.amountFen,
          paidAt: trade.paidAt ? new Date(trade.paidAt) : null,
          raw,
        };
      }
      return { state: trade.state === 'closed' ? 'closed' : 'pending', raw };
    },

    async close(tradeNo) {
      const trade = await load(tradeNo);
      if (trade?.state === 'pending') await save({ ...trade, state: 'closed' });
    },

    async verifyNotification(request: NotificationRequest): Promise<VerifiedNotification> {
      const { raw, reason } = verifiedBody(request);
      if (reason) return refuse(reason, raw);
      const body = parseJson(raw, notificationSchema);
      if (!body) return refuse('malformed body', raw);
      return {
        ok: true,
        eventId: body.id,
        tradeNo: body.trade_no,
        providerTxnId: body.transaction_id,
        amountFen: body.amount_fen,
        paid: body.trade_state === 'SUCCESS',
        raw,
      };
    },

    acknowledge(ok) {
      return jsonAcknowledgement(ok);
    },

    /**
     * A refund succeeds at once when its amount is within the trade's total. The trade itself is not looked up: it
     * may have left the store (a day after its pay-by time, or a restart of the embedded shape) and the caller's
     * guard already holds the refunds within what was paid.
     */
    async refund(input: RefundInput): Promise<RefundResult> {
      const known = await loadRefund(input.refundNo);
      if (known) return refundResult(known);
      const ok = input.amountFen > 0 && input.amountFen <= input.totalFen;
      const refund = {
        refundNo: input.refundNo,
        tradeNo: input.tradeNo,
        refundId: `SBXR${createHmac('sha256', notifyKey).update(input.refundNo).digest('hex').slice(0, 24).toUpperCase()}`,
        amountFen: input.amountFen,
        state: ok ? ('succeeded' as const) : ('failed' as const),
      };
      await kv.set(refundKey(input.refundNo), JSON.stringify(refund), 30 * DAY_MS);
      return refundResult(refund);
    },

    async queryRefund(refundNo): Promise<RefundResult> {
      const refund = await loadRefund(refundNo);
      return refund ? refundResult(refund) : { state: 'not_found', raw: '' };
    },

    async verifyRefundNotification(request: NotificationRequest): Promise<VerifiedRefundNotification> {
      const { raw, reason } = verifiedBody(request);
      if (reason) return refuse(reason, raw);
      const body = parseJson(raw, refundNotificationSchema);
      if (!body) return refuse('malformed body', raw);
      return {
        ok: true,
        eventId: body.id,
        refundNo: body.refund_no,
        tradeNo: body.trade_no,
        providerRefundId: body.refund_id,
        amountFen: body.amount_fen,
        state:
          body.refund_status === 'SUCCESS'
            ? 'succeeded'
            : body.refund_status === 'CLOSED'
              ? 'closed'
              : 'failed',
        raw,
      };
    },

    async refundNotification(refundNo) {
      const refund = await loadRefund(refundNo);
      if (!refund) return null;
      return signed(
        JSON.stringify({
          id: `SBXRN${refund.refundId.slice(4)}`,
          refund_no: refund.refundNo,
          trade_no: refund.tradeNo,
          refund_id: refund.refundId,
          amount_fen: refund.amountFen,
          refund_status: refund.state === 'succeeded' ? 'SUCCESS' : 'ABNORMAL',
        }),
      );
    },

    async describe(tradeNo, sig) {
      if (!safeEqual(sig, pageSig(tradeNo))) return null;
      return load(tradeNo);
    },

    async confirm(tradeNo) {
      const trade = await load(tradeNo);
      if (!trade || trade.state === 'closed') return null;
      if (trade.state === 'paid' && trade.providerTxnId) {
        return notificationOf({ ...trade, providerTxnId: trade.providerTxnId });
      }
      if (Date.parse(trade.expiresAt) <= now().getTime()) return null;
      const at = now();
      // Derived from the trade number: two confirmations racing still agree on the transaction.
      const providerTxnId = `SBX${createHmac('sha256', notifyKey).update(tradeNo).digest('hex').slice(0, 24).toUpperCase()}`;
      const paid = { ...trade, state: 'paid' as const, providerTxnId, paidAt: at.toISOString() };
      await save(paid);
      return notificationOf(paid);
    },

    async cancel(tradeNo) {
      const trade = await load(tradeNo);
      if (!trade || trade.state === 'paid') return false;
      if (trade.state === 'pending') await save({ ...trade, state: 'closed' });
      return true;
    },
  };
}
