// WeChat Pay API v3, Native (QR), H5 (a phone's browser) and JSAPI (inside WeChat) payments, in public-key mode: requests signed with the merchant key by
// wechatpay-axios-plugin, which also checks every answer against WeChat Pay's public key; notifications verified
// and decrypted here.
import { createDecipheriv, randomBytes, sign, verify } from 'node:crypto';
import { parseJson } from '@uc/shared';
import { Wechatpay } from 'wechatpay-axios-plugin';
import { z } from 'zod';
import type { Config } from '../../config.js';
import {
  chinaRfc3339,
  headerValue,
  jsonAcknowledgement,
  parseRfc3339,
  refuse,
  truncateUtf8,
} from './common.js';
import { loadPrivateKey, loadPublicKey, toPem } from './keys.js';
import { createWechatSignIn } from './payer-sign-in.js';
import type {
  CreatedPayment,
  CreatePaymentInput,
  JsapiBridgeParams,
  NotificationRequest,
  PaymentProvider,
  QueryResult,
  RefundResult,
  VerifiedNotification,
  VerifiedRefundNotification,
} from './types.js';

export type WechatConfig = Config['payment']['wechat'];

/** The endpoints used, as the plugin's chain builds them (its own typing leaves every level possibly undefined). */
interface Endpoint {
  get(config: Record<string, unknown>): Promise<{ data: unknown }>;
  post(data: Record<string, unknown>, config?: Record<string, unknown>): Promise<{ data: unknown }>;
}
interface NativeApi {
  v3: {
    pay: {
      transactions: {
        native: Endpoint;
        h5: Endpoint;
        jsapi: Endpoint;
        outTradeNo: { _out_trade_no_: Endpoint & { close: Endpoint } };
      };
    };
    refund: { domestic: { refunds: Endpoint & { _out_refund_no_: Endpoint } } };
  };
}

export interface WechatDeps {
  config: WechatConfig;
  now: () => Date;
  /** Per request; 10 s by default. */
  timeoutMs?: number;
}

const MAX_SKEW_SECONDS = 300;
const DESCRIPTION_MAX_BYTES = 127;
/** The refund reason WeChat Pay keeps: 80 characters (UTF-8 bytes counted conservatively). */
const REASON_MAX_BYTES = 80;

const notificationSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().optional(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string().min(1),
    associated_data: z.string().optional().default(''),
    nonce: z.string().min(1),
  }),
});

const transactionSchema = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().optional().default(''),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int().nonnegative() }),
});

/** A refund as WeChat Pay answers it (apply and query) and as its notification's resource carries it. */
const refundSchema = z.object({
  refund_id: z.string().optional().default(''),
  out_refund_no: z.string().min(1),
  out_trade_no: z.string().optional().default(''),
  status: z.string(),
  amount: z.object({ refund: z.number().int().nonnegative() }).optional(),
});

const refundResourceSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string().min(1),
  out_refund_no: z.string().min(1),
  refund_id: z.string().min(1),
  refund_status: z.string(),
  amount: z.object({ refund: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
});

/** WeChat Pay's refund status: SUCCESS / PROCESSING / ABNORMAL / CLOSED. */
function refundState(status: string): 'succeeded' | 'pending' | 'failed' | 'closed' {
  if (status === 'SUCCESS') return 'succeeded';
  if (status === 'CLOSED') return 'closed';
  if (status === 'ABNORMAL') return 'failed';
  return 'pending';
}

function refundResult(body: unknown, what: string): RefundResult {
  const raw = JSON.stringify(body);
  const refund = refundSchema.safeParse(body);
  if (!refund.success) throw new Error(`WeChat Pay ${what} failed: unexpected answer ${raw}`);
  return {
    state: refundState(refund.data.status),
    providerRefundId: refund.data.refund_id || null,
    amountFen: refund.data.amount?.refund ?? null,
    raw,
  };
}

/** The parts of an axios error worth reporting, without the request (it holds the Authorization header). */
function failure(what: string, error: unknown): Error {
  const e = error as { response?: { status?: number; data?: unknown }; code?: string; message?: string };
  const data = e.response?.data as { code?: string; message?: string } | undefined;
  // The plugin's own refusals (EV3_RES_HEADER_SIGNATURE_DIGEST: an answer not signed by WeChat Pay) carry e.code.
  const detail =
    e.response && data?.code
      ? `HTTP ${e.response.status} ${data.code} ${data.message ?? ''}`
      : `${e.code ?? ''} ${e.message ?? ''}`;
  return new Error(`WeChat Pay ${what} failed: ${detail.trim()}`);
}

/** The HTTP status and WeChat Pay error code of a failed call, if it got an answer. */
function errorOf(error: unknown): { status: number; code: string } | null {
  const response = (error as { response?: { status?: number; data?: unknown } }).response;
  if (!response?.status) return null;
  const data = response.data as { code?: unknown } | undefined;
  return { status: response.status, code: typeof data?.code === 'string' ? data.code : '' };
}

/** AEAD_AES_256_GCM as WeChat Pay uses it: base64 ciphertext with the 16-byte tag at the end. */
function decryptResource(
  key: Buffer,
  resource: { ciphertext: string; nonce: string; associated_data: string },
) {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

export function createWechatProvider({ config, now, timeoutMs = 10_000 }: WechatDeps): PaymentProvider {
  const merchantKey = loadPrivateKey(config.merchantPrivateKey, 'WECHATPAY_MERCHANT_PRIVATE_KEY');
  const publicKey = loadPublicKey(config.publicKey, 'WECHATPAY_PUBLIC_KEY');
  const apiV3Key = Buffer.from(config.apiV3Key, 'utf8');
  if (apiV3Key.length !== 32) throw new Error('WECHATPAY_APIV3_KEY must be 32 bytes');
  if (config.publicKeyId === config.merchantSerial) {
    throw new Error('WECHATPAY_PUBLIC_KEY_ID must differ from WECHATPAY_MERCHANT_SERIAL');
  }

  const client = new Wechatpay({
    mchid: config.mchid,
    serial: config.merchantSerial,
    privateKey: toPem(merchantKey),
    // Public-key mode: the plugin verifies each answer's Wechatpay-* signature with this key.
    certs: { [config.publicKeyId]: publicKey },
    baseURL: `${config.baseUrl}/`,
    timeout: timeoutMs,
  }) as unknown as NativeApi;
  const byOutTradeNo = client.v3.pay.transactions.outTradeNo._out_trade_no_;
  const transactions = client.v3.pay.transactions;
  // JSAPI pays under the official account whose sign-in told the openid (it may equal WECHATPAY_APPID).
  const payerSignIn =
    config.oauth.secret && config.oauth.appId ? createWechatSignIn(config.oauth) : undefined;
  const jsapiAppId = payerSignIn?.appId ?? config.appid;

  /** The order fields every shape sends. */
  const order = (input: CreatePaymentInput, appid: string) => ({
    appid,
    mchid: config.mchid,
    description: truncateUtf8(input.description, DESCRIPTION_MAX_BYTES),
    out_trade_no: input.tradeNo,
    time_expire: chinaRfc3339(input.expiresAt),
    notify_url: input.notifyUrl,
    amount: { total: input.amountFen, currency: 'CNY' },
  });

  /** One answer field, which must be a non-empty string. */
  const field = (data: unknown, name: string): string => {
    const value = (data as Record<string, unknown> | null)?.[name];
    if (typeof value !== 'string' || !value) throw new Error(`no ${name} in the answer`);
    return value;
  };

  /** getBrandWCPayRequest's parameters, signed with the merchant key (RSA-SHA256 over appId, time, nonce, package). */
  function bridgeParams(prepayId: string): JsapiBridgeParams {
    const timeStamp = String(Math.floor(now().getTime() / 1000));
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    const message = `${jsapiAppId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`;
    const paySign = sign('RSA-SHA256', Buffer.from(message), merchantKey).toString('base64');
    return { appId: jsapiAppId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  async function createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (input.shape === 'h5') {
      try {
        const { data } = await transactions.h5.post({
          ...order(input, config.appid),
          scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
        });
        const h5Url = field(data, 'h5_url');
        // WeChat Pay sends the browser back to redirect_url once the payer paid or left (the page asks the server).
        return { shape: 'h5', url: `${h5Url}&redirect_url=${encodeURIComponent(input.returnUrl)}` };
      } catch (error) {
        throw failure('h5 order', error);
      }
    }
    if (input.shape === 'jsapi') {
      if (!payerSignIn || !input.openid)
        throw new Error('WeChat Pay jsapi order needs the payer sign-in and an openid');
      try {
        const { data } = await transactions.jsapi.post({
          ...order(input, jsapiAppId),
          payer: { openid: input.openid },
        });
        return { shape: 'jsapi', url: '', jsapi: bridgeParams(field(data, 'prepay_id')) };
      } catch (error) {
        throw failure('jsapi order', error);
      }
    }
    try {
      const { data } = await transactions.native.post(order(input, config.appid));
      return { shape: 'qr', url: field(data, 'code_url') };
    } catch (error) {
      throw failure('native order', error);
    }
  }
  const refunds = client.v3.refund.domestic.refunds;

  /**
   * A notification (payment or refund) checked as WeChat Pay signs it: headers, serial, timestamp, the RSA signature
   * over the raw body, then the resource decrypted with the APIv3 key.
   */
  function open({
    headers,
    rawBody,
  }: NotificationRequest):
    | { ok: true; envelope: z.infer<typeof notificationSchema>; plain: string }
    | ReturnType<typeof refuse> {
    const raw = rawBody.toString('utf8');
    const signature = headerValue(headers, 'Wechatpay-Signature');
    const timestamp = headerValue(headers, 'Wechatpay-Timestamp');
    const nonce = headerValue(headers, 'Wechatpay-Nonce');
    const serial = headerValue(headers, 'Wechatpay-Serial');
    if (!signature || !timestamp || !nonce || !serial) return refuse('missing Wechatpay headers', raw);
    if (serial !== config.publicKeyId) return refuse(`unknown serial ${serial.slice(0, 64)}`, raw);
    if (!/^\d{1,12}$/.test(timestamp)) return refuse('bad timestamp', raw);
    if (Math.abs(now().getTime() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) {
      return refuse('stale timestamp', raw);
    }
    const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), rawBody, Buffer.from('\n')]);
    let signed = false;
    try {
      signed = verify('RSA-SHA256', message, publicKey, Buffer.from(signature, 'base64'));
    } catch {
      signed = false;
    }
    if (!signed) return refuse('bad signature', raw);

    const envelope = parseJson(raw, notificationSchema);
    if (!envelope) return refuse('malformed body', raw);
    if (envelope.resource.algorithm !== 'AEAD_AES_256_GCM') return refuse('unsupported algorithm', raw);
    try {
      return { ok: true, envelope, plain: decryptResource(apiV3Key, envelope.resource) };
    } catch {
      return refuse('cannot decrypt resource', raw);
    }
  }

  return {
    name: 'wechat',

    payerSignIn,

    async createQr(input) {
      const { url } = await createPayment({
        ...input,
        shape: 'qr',
        clientIp: '',
        openid: null,
        returnUrl: '',
        quitUrl: '',
      });
      return { qr: url };
    },

    createPayment,

    async query(tradeNo): Promise<QueryResult> {
      let body: unknown;
      try {
        const response = await byOutTradeNo.get({
          params: { mchid: config.mchid },
          out_trade_no: encodeURIComponent(tradeNo),
        });
        body = response.data;
      } catch (error) {
        const known = errorOf(error);
        if (known?.status === 404 && known.code === 'ORDER_NOT_EXIST') {
          return {
            state: 'not_found',
            raw: JSON.stringify((error as { response: { data: unknown } }).response.data),
          };
        }
        throw failure('query', error);
      }
      const raw = JSON.stringify(body);
      const trade = transactionSchema.safeParse(body);
      if (!trade.success) throw new Error(`WeChat Pay query failed: unexpected answer ${raw}`);
      const t = trade.data;
      switch (t.trade_state) {
        case 'SUCCESS':
          return {
            state: 'paid',
            providerTxnId: t.transaction_id,
            amountFen: t.amount.total,
            paidAt: parseRfc3339(t.success_time),
            raw,
          };
        case 'CLOSED':
        case 'REVOKED':
        case 'PAYERROR':
        // Paid, then refunded at the merchant platform: nothing to grant.
        case 'REFUND':
          return { state: 'closed', raw };
        default:
          // NOTPAY, USERPAYING
          return { state: 'pending', raw };
      }
    },

    async close(tradeNo) {
      try {
        await byOutTradeNo.close.post({ mchid: config.mchid }, { out_trade_no: encodeURIComponent(tradeNo) });
      } catch (error) {
        const known = errorOf(error);
        if (known?.code === 'ORDER_NOT_EXIST' || known?.code === 'ORDER_CLOSED') return;
        throw failure('close', error);
      }
    },

    async verifyNotification(request): Promise<VerifiedNotification> {
      const opened = open(request);
      if (!opened.ok) return opened;
      const { envelope, plain } = opened;
      const transaction = parseJson(plain, transactionSchema);
      if (!transaction) return refuse('malformed resource', plain);
      if (transaction.mchid !== config.mchid) return refuse('mchid mismatch', plain);
      if (transaction.appid !== config.appid && transaction.appid !== jsapiAppId) {
        return refuse('appid mismatch', plain);
      }
      return {
        ok: true,
        eventId: envelope.id,
        tradeNo: transaction.out_trade_no,
        providerTxnId: transaction.transaction_id,
        amountFen: transaction.amount.total,
        paid: transaction.trade_state === 'SUCCESS',
        raw: plain,
      };
    },

    acknowledge(ok) {
      return jsonAcknowledgement(ok);
    },

    async refund(input): Promise<RefundResult> {
      let body: unknown;
      try {
        const response = await refunds.post({
          out_trade_no: input.tradeNo,
          out_refund_no: input.refundNo,
          reason: truncateUtf8(input.reason, REASON_MAX_BYTES),
          notify_url: input.notifyUrl,
          amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
        });
        body = response.data;
      } catch (error) {
        const known = errorOf(error);
        // A refusal of the request itself (4xx other than a rate limit): nothing was refunded.
        if (known && known.status >= 400 && known.status < 500 && known.status !== 429) {
          return {
            state: 'failed',
            providerRefundId: null,
            amountFen: null,
            raw: JSON.stringify((error as { response: { data: unknown } }).response.data),
          };
        }
        // No answer, or a system error: unknown, the refund is queried later.
        throw failure('refund', error);
      }
      return refundResult(body, 'refund');
    },

    async queryRefund(refundNo): Promise<RefundResult> {
      try {
        const response = await refunds._out_refund_no_.get({ out_refund_no: encodeURIComponent(refundNo) });
        return refundResult(response.data, 'refund query');
      } catch (error) {
        const known = errorOf(error);
        if (known?.status === 404 && known.code === 'RESOURCE_NOT_EXISTS') {
          return {
            state: 'not_found',
            raw: JSON.stringify((error as { response: { data: unknown } }).response.data),
          };
        }
        throw failure('refund query', error);
      }
    },

    async verifyRefundNotification(request): Promise<VerifiedRefundNotification> {
      const opened = open(request);
      if (!opened.ok) return opened;
      const { envelope, plain } = opened;
      const refund = parseJson(plain, refundResourceSchema);
      if (!refund) return refuse('malformed resource', plain);
      if (refund.mchid !== config.mchid) return refuse('mchid mismatch', plain);
      const state = refundState(refund.refund_status);
      if (state === 'pending')
        return refuse(`unexpected refund_status ${refund.refund_status.slice(0, 32)}`, plain);
      return {
        ok: true,
        eventId: envelope.id,
        refundNo: refund.out_refund_no,
        tradeNo: refund.out_trade_no,
        providerRefundId: refund.refund_id,
        amountFen: refund.amount.refund,
        state,
        raw: plain,
      };
    },
  };
}
