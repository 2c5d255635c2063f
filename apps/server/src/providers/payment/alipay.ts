// Alipay 当面付 (precreate: a QR the payer scans) and 手机网站支付 (wap: a phone's browser sent to Alipay's cashier,
// a signed gateway address made by pageExecute) through alipay-sdk over the OpenAPI gateway: exec() signs each
// request with RSA2, every answer is checked against Alipay's public key, notifications with checkNotifySignV2.
import { formatYuan, yuanToFen } from '@uc/shared';
import { AlipaySdk } from 'alipay-sdk';
import type { Config } from '../../config.js';
import { chinaDateTime, parseChinaDateTime, refuse } from './common.js';
import { loadPrivateKey, loadPublicKey, toPem } from './keys.js';
import type {
  Acknowledgement,
  CreatedPayment,
  CreateQrInput,
  PaymentProvider,
  QueryResult,
  RefundResult,
  VerifiedNotification,
} from './types.js';

export type AlipayConfig = Config['payment']['alipay'];

export interface AlipayDeps {
  config: AlipayConfig;
  /** Per request; 10 s by default. */
  timeoutMs?: number;
}

const SUBJECT_MAX_CHARS = 256;
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
/** Refund answers that say nothing about the refund (Alipay asks to retry with the same out_request_no). */
const REFUND_UNKNOWN = new Set(['ACQ.SYSTEM_ERROR', 'aop.ACQ.SYSTEM_ERROR']);
const REFUND_REASON_MAX_CHARS = 256;

type Answer = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An answer whose signature does not hold (or that has none), with its raw text for the error. */
class UnsignedAnswer extends Error {
  constructor(
    readonly raw: string,
    readonly responseKey: string,
  ) {
    super('answer not signed by Alipay');
  }
}

/** The SDK with its answer check made strict: a missing sign fails like a wrong one, keeping the raw answer. */
class VerifyingAlipaySdk extends AlipaySdk {
  override checkResponseSign(raw: string, responseKey: string, serverSign: string, traceId: string) {
    if (typeof serverSign === 'string' && serverSign) {
      try {
        super.checkResponseSign(raw, responseKey, serverSign, traceId);
        return;
      } catch {
        // reported below with the answer's own code
      }
    }
    throw new UnsignedAnswer(raw, responseKey);
  }
}

function failure(what: string, answer: Answer): Error {
  const detail = [answer.code, answer.msg, answer.sub_code, answer.sub_msg]
    .map(text)
    .filter(Boolean)
    .join(' ');
  return new Error(`Alipay ${what} failed: ${detail}`);
}

/** The gateway's refusal inside an unsigned answer (e.g. isv.invalid-signature), when it says one. */
function unsignedFailure(what: string, { raw, responseKey }: UnsignedAnswer): Error {
  let answer: unknown;
  try {
    const parsed = JSON.parse(raw) as Answer;
    answer = parsed[responseKey] ?? parsed.error_response;
  } catch {
    answer = undefined;
  }
  const refused = answer && typeof answer === 'object' && text((answer as Answer).code) !== '10000';
  const reason = refused ? failure(what, answer as Answer).message : `Alipay ${what} failed:`;
  return new Error(`${reason} (answer not signed by Alipay)`);
}

const textAcknowledgement = (status: number, body: string): Acknowledgement => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
});

export function createAlipayProvider({ config, timeoutMs = 10_000 }: AlipayDeps): PaymentProvider {
  const sdk = new VerifyingAlipaySdk({
    appId: config.appId,
    // keys.ts reads PEM, bare base64 or a file; the SDK gets PKCS#8 and SPKI PEM.
    privateKey: toPem(loadPrivateKey(config.privateKey, 'ALIPAY_PRIVATE_KEY')),
    keyType: 'PKCS8',
    alipayPublicKey: toPem(loadPublicKey(config.alipayPublicKey, 'ALIPAY_PUBLIC_KEY')),
    gateway: config.gateway,
    signType: 'RSA2',
    timeout: timeoutMs,
    // Answers keep Alipay's field names (qr_code, sub_code, trade_status).
    camelcase: false,
  });

  /** One gateway call; throws unless the answer is signed by Alipay (business failures are returned). */
  async function call(
    what: string,
    method: string,
    biz: Record<string, string>,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    try {
      return await sdk.exec(
        method,
        {
          // Alipay reads the request time as China time; the SDK would write the server's local time.
          timestamp: chinaDateTime(new Date()),
          ...extra,
          bizContent: biz,
        },
        { validateSign: true },
      );
    } catch (error) {
      if (error instanceof UnsignedAnswer) throw unsignedFailure(what, error);
      throw new Error(`Alipay ${what} failed: ${(error as Error).message}`);
    }
  }

  async function query(tradeNo: string): Promise<QueryResult> {
    const answer = await call('query', 'alipay.trade.query', { out_trade_no: tradeNo });
    const raw = JSON.stringify(answer);
    if (answer.code !== '10000') {
      if (answer.sub_code === NOT_EXIST) return { state: 'not_found', raw };
      throw failure('query', answer);
    }
    const status = text(answer.trade_status);
    if (PAID_STATES.has(status)) {
      const amountFen = yuanToFen(text(answer.total_amount));
      if (amountFen === null) throw new Error(`Alipay query failed: bad total_amount in ${raw}`);
      return {
        state: 'paid',
        providerTxnId: text(answer.trade_no),
        amountFen,
        paidAt: parseChinaDateTime(answer.send_pay_date),
        raw,
      };
    }
    if (status === 'TRADE_CLOSED') return { state: 'closed', raw };
    return { state: 'pending', raw };
  }

  /**
   * alipay.trade.fastpay.refund.query: the refund succeeded when the answer carries it (refund_amount) with
   * refund_status REFUND_SUCCESS or none (a synchronous refund); no data means it was not made.
   */
  async function queryRefund(refundNo: string, tradeNo: string): Promise<RefundResult> {
    const answer = await call('refund query', 'alipay.trade.fastpay.refund.query', {
      out_trade_no: tradeNo,
      out_request_no: refundNo,
    });
    const raw = JSON.stringify(answer);
    if (answer.code !== '10000') {
      if (answer.sub_code === NOT_EXIST) return { state: 'not_found', raw };
      throw failure('refund query', answer);
    }
    const amountFen = answer.refund_amount === undefined ? null : yuanToFen(text(answer.refund_amount));
    const status = text(answer.refund_status);
    if (amountFen === null || amountFen === 0 || (status !== '' && status !== 'REFUND_SUCCESS')) {
      return { state: 'not_found', raw };
    }
    return { state: 'succeeded', providerRefundId: text(answer.trade_no) || null, amountFen, raw };
  }

  /** The trade fields precreate and wap share: number, yuan amount, subject and pay-by time. */
  const trade = (input: CreateQrInput) => ({
    out_trade_no: input.tradeNo,
    total_amount: formatYuan(input.amountFen),
    subject: [...input.description].slice(0, SUBJECT_MAX_CHARS).join(''),
    time_expire: chinaDateTime(input.expiresAt),
  });

  async function createQr(input: CreateQrInput) {
    const answer = await call(
      'precreate',
      'alipay.trade.precreate',
      trade(input),
      // The SDK signs every field it sends, empty ones too; Alipay leaves empty ones out.
      input.notifyUrl ? { notify_url: input.notifyUrl } : {},
    );
    const qr = text(answer.qr_code);
    if (answer.code !== '10000' || !qr) throw failure('precreate', answer);
    return { qr };
  }

  return {
    name: 'alipay',

    createQr,

    /**
     * qr: precreate. h5: alipay.trade.wap.pay, nothing sent yet: the signed gateway address (GET) the browser goes to;
     * Alipay's cashier returns it to return_url after paying (quit_url when the payer leaves). No jsapi on Alipay.
     */
    async createPayment(input): Promise<CreatedPayment> {
      if (input.shape === 'qr') return { shape: 'qr', url: (await createQr(input)).qr };
      if (input.shape !== 'h5') throw new Error(`Alipay has no ${input.shape} payments`);
      const url = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        timestamp: chinaDateTime(new Date()),
        bizContent: { ...trade(input), product_code: 'QUICK_WAP_WAY', quit_url: input.quitUrl },
        returnUrl: input.returnUrl,
        ...(input.notifyUrl ? { notifyUrl: input.notifyUrl } : {}),
      });
      return { shape: 'h5', url };
    },

    query,

    async close(tradeNo) {
      const answer = await call('close', 'alipay.trade.close', { out_trade_no: tradeNo });
      if (answer.code === '10000' || answer.sub_code === NOT_EXIST) return;
      // ACQ.TRADE_STATUS_ERROR is the answer for a closed trade and for a paid one alike.
      if (answer.sub_code === 'ACQ.TRADE_STATUS_ERROR' && (await query(tradeNo)).state === 'closed') return;
      throw failure('close', answer);
    },

    async verifyNotification({ rawBody }): Promise<VerifiedNotification> {
      const raw = rawBody.toString('utf8');
      const params: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(raw)) {
        if (Object.hasOwn(params, key)) return refuse(`duplicate field ${key.slice(0, 64)}`, raw);
        params[key] = value;
      }
      const parsed = JSON.stringify(params);
      if (!params.sign) return refuse('missing sign', parsed);
      // The SDK would check an RSA (SHA-1) signature too; only RSA2 is accepted.
      if (params.sign_type !== undefined && params.sign_type !== 'RSA2')
        return refuse('unsupported sign_type', parsed);
      // Values as decoded from the form once, not decoded again (checkNotifySignV2).
      let signed = false;
      try {
        signed = sdk.checkNotifySignV2(params);
      } catch {
        signed = false;
      }
      if (!signed) return refuse('bad signature', parsed);
      if (params.app_id !== config.appId) return refuse('app_id mismatch', parsed);
      const {
        notify_id: eventId,
        out_trade_no: tradeNo,
        trade_no: providerTxnId,
        trade_status: status,
      } = params;
      if (!eventId || !tradeNo || !providerTxnId || !status) return refuse('missing fields', parsed);
      const amountFen = yuanToFen(params.total_amount ?? '');
      if (amountFen === null) return refuse('bad total_amount', parsed);
      return {
        ok: true,
        eventId,
        tradeNo,
        providerTxnId,
        amountFen,
        paid: PAID_STATES.has(status),
        raw: parsed,
      };
    },

    acknowledge(ok) {
      return ok ? textAcknowledgement(200, 'success') : textAcknowledgement(400, 'fail');
    },

    /**
     * alipay.trade.refund answers synchronously: fund_change Y is money returned now; N is returned before (the same
     * out_request_no again) or not at all, which the refund query tells apart. A business refusal is a failure.
     */
    async refund(input): Promise<RefundResult> {
      const answer = await call('refund', 'alipay.trade.refund', {
        out_trade_no: input.tradeNo,
        refund_amount: formatYuan(input.amountFen),
        out_request_no: input.refundNo,
        refund_reason: [...input.reason].slice(0, REFUND_REASON_MAX_CHARS).join(''),
      });
      const raw = JSON.stringify(answer);
      if (answer.code !== '10000') {
        if (REFUND_UNKNOWN.has(text(answer.sub_code))) throw failure('refund', answer);
        return { state: 'failed', providerRefundId: null, amountFen: null, raw };
      }
      if (answer.fund_change === 'Y') {
        return {
          state: 'succeeded',
          providerRefundId: text(answer.trade_no) || null,
          amountFen: input.amountFen,
          raw,
        };
      }
      const confirmed = await queryRefund(input.refundNo, input.tradeNo);
      return confirmed.state === 'not_found'
        ? { state: 'pending', providerRefundId: null, amountFen: null, raw }
        : confirmed;
    },

    queryRefund,

    /** Alipay sends no refund notification of its own here: the answer and the query settle a refund. */
    async verifyRefundNotification({ rawBody }) {
      return refuse('no refund notifications on Alipay', rawBody.toString('utf8').slice(0, 2_048));
    },
  };
}
