// A local WeChat Pay API v3 for tests: checks the merchant's request signatures, answers Native, H5 and JSAPI orders,
// query and close, and domestic refunds (apply and query), like WeChat Pay (signed with its own key in public-key
// mode), keeps the trades and refunds, and builds payment and refund notifications. It also plays WeChat around them:
// the H5 cashier page (pay or leave, then back to redirect_url), the official account's web sign-in (authorize
// redirects straight back with a code; access_token tells its openid) and the in-app sheet (`bridgePay` checks the
// bridge parameters' paySign with the merchant's public key, as WeixinJSBridge does).
import { createCipheriv, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import type { JsapiParams } from '@uc/shared';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../../src/config.js';

export interface FakeWechatTrade {
  outTradeNo: string;
  description: string;
  amountFen: number;
  timeExpire: string;
  notifyUrl: string;
  codeUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string | null;
  successTime: string | null;
  /** NATIVE (when absent), MWEB (H5) or JSAPI. */
  tradeType?: 'NATIVE' | 'MWEB' | 'JSAPI';
  /** The app id the order was placed under. */
  appid?: string;
  /** H5 and JSAPI: the prepay id (in h5_url, in the bridge's package). */
  prepayId?: string | null;
  /** H5: scene_info.payer_client_ip. */
  payerClientIp?: string | null;
  /** JSAPI: payer.openid. */
  openid?: string | null;
}

export interface FakeWechatRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  amountFen: number;
  totalFen: number;
  reason: string;
  notifyUrl: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  createTime: string;
  successTime: string | null;
}

/** Ways to break a notification, each alone, to see it refused. */
export interface WechatNotificationOverrides {
  /** Signed, then one signature byte changed. */
  badSignature?: boolean;
  /** Wechatpay-Serial header (default: the configured public key id). */
  serial?: string;
  /** Wechatpay-Timestamp, in seconds (default: the fake's clock). */
  timestamp?: number;
  /** amount.total in the resource (default: the trade's). */
  amountFen?: number;
  mchid?: string;
  appid?: string;
  tradeState?: string;
  /** The notification id (default: a fresh one). */
  id?: string;
  /** Encrypted with another APIv3 key. */
  wrongKey?: boolean;
}

export interface FakeNotification {
  headers: Record<string, string>;
  body: string;
}

export interface FakeWechatpay {
  /** Base URL of the fake (WECHATPAY_BASE_URL). */
  url: string;
  /** A complete config.payment.wechat pointing at the fake. */
  config: Config['payment']['wechat'];
  /** Every trade by out_trade_no. */
  trades: Map<string, FakeWechatTrade>;
  /** Paths of the authenticated calls received, in order ('POST /v3/pay/transactions/native', ...). */
  calls: string[];
  /** The payer paid: the trade becomes SUCCESS (throws for an unknown trade). */
  pay(outTradeNo: string): FakeWechatTrade;
  /**
   * WeChat's in-app sheet: the bridge parameters' appId, package and paySign (RSA-SHA256 by the merchant key) are
   * checked, then the trade of the prepay id is paid; throws when they do not hold.
   */
  bridgePay(params: JsapiParams): FakeWechatTrade;
  /** The openids the sign-in told, by code (a code works once). */
  codes: Map<string, string>;
  /** Queries wait, unanswered, until the returned function is called (a provider that hangs). */
  holdQueries(): () => void;
  /** The SUCCESS notification of the trade (paid first when it is not), signed and encrypted as WeChat Pay does. */
  notification(outTradeNo: string, overrides?: WechatNotificationOverrides): FakeNotification;
  /** Every refund by out_refund_no. */
  refunds: Map<string, FakeWechatRefund>;
  /**
   * What a refund application answers: its status (PROCESSING by default, as WeChat Pay usually answers), or an
   * error refusing it (`{ status: 400, code: 'NOT_ENOUGH' }`; `{ status: 500, code: 'SYSTEM_ERROR' }`).
   */
  refundAnswer: { status: FakeWechatRefund['status'] } | { error: { status: number; code: string } };
  /** The refund's notification with its final status (SUCCESS by default; the refund takes that status). */
  refundNotification(
    outRefundNo: string,
    status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED',
    overrides?: Pick<WechatNotificationOverrides, 'badSignature' | 'id' | 'mchid' | 'amountFen'>,
  ): FakeNotification;
  close(): Promise<void>;
}

export interface FakeWechatpayOptions {
  mchid?: string;
  appid?: string;
  /** The clock of notification timestamps (the app's clock in clocked tests). */
  now?: () => Date;
  /** The H5 cashier posts the notification to notify_url when the payer pays (a reachable app; off by default). */
  postNotifications?: boolean;
}

const pem = (key: { export(o: object): string | Buffer }, type: string) =>
  String(key.export({ type, format: 'pem' }));
const nonce = () => randomBytes(16).toString('hex');

const china = (date: Date) => {
  const d = new Date(date.getTime() + 8 * 3600_000);
  return `${d.toISOString().slice(0, 19)}+08:00`;
};

export async function startFakeWechatpay(options: FakeWechatpayOptions = {}): Promise<FakeWechatpay> {
  const now = options.now ?? (() => new Date());
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const mchid = options.mchid ?? '1900000109';
  const appid = options.appid ?? 'wx8888888888888888';
  const merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  const publicKeyId = `PUB_KEY_ID_0119000001092025${randomBytes(4).toString('hex')}`;
  const apiV3Key = randomBytes(16).toString('hex');
  const trades = new Map<string, FakeWechatTrade>();
  const refunds = new Map<string, FakeWechatRefund>();
  const calls: string[] = [];
  const codes = new Map<string, string>();
  const oauthSecret = randomBytes(16).toString('hex');
  let txnSeq = 0;
  let prepaySeq = 0;
  let refundSeq = 0;

  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  /** Answers signed like WeChat Pay's (the plugin refuses unsigned ones), errors included. */
  const answer = (reply: FastifyReply, status: number, data: object | null) => {
    const body = data === null ? '' : JSON.stringify(data);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const n = nonce();
    const signature = sign('RSA-SHA256', Buffer.from(`${timestamp}\n${n}\n${body}\n`), platform.privateKey);
    reply
      .code(status)
      .header('Wechatpay-Timestamp', timestamp)
      .header('Wechatpay-Nonce', n)
      .header('Wechatpay-Serial', publicKeyId)
      .header('Wechatpay-Signature', signature.toString('base64'))
      .header('Request-ID', nonce());
    if (data === null) return reply.send();
    return reply.type('application/json').send(body);
  };
  const error = (reply: FastifyReply, status: number, code: string, message: string) =>
    answer(reply, status, { code, message });

  /** The merchant's Authorization header, checked as WeChat Pay does; null when it holds. */
  const authError = (request: FastifyRequest): string | null => {
    const header = request.headers.authorization ?? '';
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
    if (!match?.[1]) return 'missing WECHATPAY2-SHA256-RSA2048 authorization';
    const fields = Object.fromEntries(
      [...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? ''] as const),
    );
    if (fields.mchid !== mchid) return 'mchid mismatch';
    if (fields.serial_no !== merchantSerial) return 'serial_no mismatch';
    if (!fields.nonce_str || !fields.signature || !fields.timestamp) return 'incomplete authorization';
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return 'stale timestamp';
    const body = typeof request.body === 'string' ? request.body : '';
    const message = `${request.method}\n${request.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const ok = verify(
      'RSA-SHA256',
      Buffer.from(message),
      merchant.publicKey,
      Buffer.from(fields.signature, 'base64'),
    );
    return ok ? null : 'signature mismatch';
  };

  const jsonBody = (request: FastifyRequest): Record<string, unknown> => {
    try {
      const parsed = JSON.parse(String(request.body ?? '')) as unknown;
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };

  /** WeChat's pages and the sign-in are not merchant API calls: no Authorization there. */
  const PUBLIC = /^\/(connect|sns|cgi-bin)\//;
  app.addHook('preHandler', async (request, reply) => {
    if (PUBLIC.test(request.url)) return;
    const problem = authError(request);
    if (problem) return error(reply, 401, 'SIGN_ERROR', `签名错误: ${problem}`);
    calls.push(`${request.method} ${request.url.split('?')[0]}`);
  });

  /**
   * An order of any type: the common fields checked (and `extra`, the type's own), the trade kept (the same number
   * again answers the same trade), `answer` of it sent.
   */
  const placeOrder = (
    request: FastifyRequest,
    reply: FastifyReply,
    tradeType: NonNullable<FakeWechatTrade['tradeType']>,
    extraInvalid: (body: Record<string, unknown>) => boolean,
    answerOf: (trade: FakeWechatTrade) => object,
  ) => {
    const body = jsonBody(request);
    const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
    const description = body.description;
    const outTradeNo = body.out_trade_no;
    const timeExpire = body.time_expire;
    const notifyUrl = body.notify_url;
    const invalid =
      extraInvalid(body) ||
      body.appid !== appid ||
      body.mchid !== mchid ||
      typeof description !== 'string' ||
      !description ||
      Buffer.byteLength(description) > 127 ||
      typeof outTradeNo !== 'string' ||
      !/^[0-9A-Za-z_\-*|]{6,32}$/.test(outTradeNo) ||
      typeof notifyUrl !== 'string' ||
      typeof timeExpire !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(timeExpire) ||
      !Number.isInteger(amount?.total) ||
      Number(amount?.total) <= 0 ||
      amount?.currency !== 'CNY';
    if (invalid) return error(reply, 400, 'PARAM_ERROR', '参数错误');
    const existing = trades.get(outTradeNo);
    if (existing?.state === 'SUCCESS') return error(reply, 400, 'ORDERPAID', '该订单已支付');
    if (existing && existing.amountFen !== amount?.total) {
      return error(reply, 400, 'INVALID_REQUEST', '201 商户订单号重复');
    }
    if (existing && (existing.tradeType ?? 'NATIVE') !== tradeType) {
      return error(reply, 400, 'INVALID_REQUEST', '201 商户订单号重复');
    }
    const scene = body.scene_info as { payer_client_ip?: unknown } | undefined;
    const payer = body.payer as { openid?: unknown } | undefined;
    prepaySeq += 1;
    const trade: FakeWechatTrade = existing ?? {
      outTradeNo,
      description,
      amountFen: Number(amount?.total),
      timeExpire,
      notifyUrl,
      codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`,
      state: 'NOTPAY',
      transactionId: null,
      successTime: null,
      tradeType,
      appid,
      prepayId: tradeType === 'NATIVE' ? null : `wx${randomBytes(8).toString('hex')}${prepaySeq}`,
      payerClientIp: typeof scene?.payer_client_ip === 'string' ? scene.payer_client_ip : null,
      openid: typeof payer?.openid === 'string' ? payer.openid : null,
    };
    trades.set(outTradeNo, trade);
    return answer(reply, 200, answerOf(trade));
  };

  app.post('/v3/pay/transactions/native', (request, reply) =>
    placeOrder(
      request,
      reply,
      'NATIVE',
      () => false,
      (trade) => ({ code_url: trade.codeUrl }),
    ),
  );

  // H5: scene_info with the payer's IP and h5_info.type; h5_url opens the cashier page below.
  app.post('/v3/pay/transactions/h5', (request, reply) =>
    placeOrder(
      request,
      reply,
      'MWEB',
      (body) => {
        const scene = body.scene_info as
          | { payer_client_ip?: unknown; h5_info?: { type?: unknown } }
          | undefined;
        return (
          typeof scene?.payer_client_ip !== 'string' ||
          !/^[0-9a-fA-F.:]{3,45}$/.test(scene.payer_client_ip) ||
          !['Wap', 'iOS', 'Android'].includes(String(scene.h5_info?.type))
        );
      },
      (trade) => ({
        h5_url: `${url}/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade.prepayId}&package=${1_000_000_000 + prepaySeq}`,
      }),
    ),
  );

  // JSAPI: payer.openid, which the sign-in told for this app id.
  app.post('/v3/pay/transactions/jsapi', (request, reply) =>
    placeOrder(
      request,
      reply,
      'JSAPI',
      (body) => {
        const openid = (body.payer as { openid?: unknown } | undefined)?.openid;
        return typeof openid !== 'string' || !issued.has(openid);
      },
      (trade) => ({ prepay_id: trade.prepayId }),
    ),
  );

  // The official account's web sign-in (snsapi_base asks nothing): straight back with a one-time code.
  const issued = new Set<string>();
  app.get<{ Querystring: Record<string, string> }>('/connect/oauth2/authorize', async (request, reply) => {
    const q = request.query;
    if (q.appid !== appid || q.response_type !== 'code' || q.scope !== 'snsapi_base' || !q.redirect_uri) {
      return reply.code(400).type('text/plain; charset=utf-8').send('参数错误');
    }
    const code = randomBytes(16).toString('hex');
    const openid = `o${randomBytes(14).toString('base64url')}`;
    codes.set(code, openid);
    const target = new URL(q.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.state ?? '');
    return reply.redirect(target.toString(), 302);
  });
  app.get<{ Querystring: Record<string, string> }>('/sns/oauth2/access_token', async (request, reply) => {
    const q = request.query;
    const openid = codes.get(q.code ?? '');
    if (q.appid !== appid || q.secret !== oauthSecret || q.grant_type !== 'authorization_code') {
      return reply.send({ errcode: 40125, errmsg: 'invalid appsecret' });
    }
    if (!openid) return reply.send({ errcode: 40029, errmsg: 'invalid code' });
    codes.delete(q.code ?? '');
    issued.add(openid);
    return reply.send({
      access_token: randomBytes(24).toString('hex'),
      expires_in: 7200,
      refresh_token: randomBytes(24).toString('hex'),
      openid,
      scope: 'snsapi_base',
    });
  });

  // The H5 cashier: pay or leave; either way the browser goes back to redirect_url.
  const byPrepay = (prepayId: unknown) =>
    [...trades.values()].find((t) => t.prepayId && t.prepayId === prepayId);
  app.get<{ Querystring: Record<string, string> }>(
    '/cgi-bin/mmpayweb-bin/checkmweb',
    async (request, reply) => {
      const trade = byPrepay(request.query.prepay_id);
      const back = request.query.redirect_url ?? '';
      if (trade?.tradeType !== 'MWEB')
        return reply.code(404).type('text/plain; charset=utf-8').send('订单不存在');
      const field = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><title>微信支付</title><h1>微信支付</h1><p>${trade.description}</p>` +
            `<p>¥${(trade.amountFen / 100).toFixed(2)}</p><form method="post" action="/cgi-bin/mmpayweb-bin/pay">` +
            `${field('prepay_id', trade.prepayId ?? '')}${field('redirect_url', back)}` +
            '<button name="action" value="pay">确认支付</button><button name="action" value="leave">取消</button></form>',
        );
    },
  );
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post<{ Body: Record<string, string> }>('/cgi-bin/mmpayweb-bin/pay', async (request, reply) => {
    const trade = byPrepay(request.body?.prepay_id);
    const back = request.body?.redirect_url ?? '';
    if (!trade || !/^https?:\/\//.test(back))
      return reply.code(400).type('text/plain; charset=utf-8').send('参数错误');
    if (request.body.action === 'pay' && trade.state === 'NOTPAY') {
      pay(trade.outTradeNo);
      if (options.postNotifications) {
        const n = fake.notification(trade.outTradeNo);
        await fetch(trade.notifyUrl, { method: 'POST', headers: n.headers, body: n.body }).catch(
          () => undefined,
        );
      }
    }
    return reply.redirect(back, 302);
  });

  let held: Promise<void> = Promise.resolve();
  app.get<{ Params: { no: string }; Querystring: { mchid?: string } }>(
    '/v3/pay/transactions/out-trade-no/:no',
    async (request, reply) => {
      await held;
      if (request.query.mchid !== mchid) return error(reply, 400, 'PARAM_ERROR', '商户号不匹配');
      const trade = trades.get(request.params.no);
      if (!trade) return error(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return answer(reply, 200, {
        appid,
        mchid,
        out_trade_no: trade.outTradeNo,
        ...(trade.transactionId ? { transaction_id: trade.transactionId } : {}),
        trade_type: trade.state === 'SUCCESS' ? (trade.tradeType ?? 'NATIVE') : '',
        trade_state: trade.state,
        trade_state_desc: { NOTPAY: '订单未支付', SUCCESS: '支付成功', CLOSED: '订单已关闭' }[trade.state],
        ...(trade.successTime ? { success_time: trade.successTime, bank_type: 'OTHERS' } : {}),
        amount: {
          total: trade.amountFen,
          currency: 'CNY',
          payer_total: trade.amountFen,
          payer_currency: 'CNY',
        },
      });
    },
  );

  app.post<{ Params: { no: string } }>(
    '/v3/pay/transactions/out-trade-no/:no/close',
    async (request, reply) => {
      if (jsonBody(request).mchid !== mchid) return error(reply, 400, 'PARAM_ERROR', '商户号不匹配');
      const trade = trades.get(request.params.no);
      if (!trade) return error(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (trade.state === 'SUCCESS') return error(reply, 400, 'ORDERPAID', '该订单已支付');
      trade.state = 'CLOSED';
      return answer(reply, 204, null);
    },
  );

  const refundAnswer = (refund: FakeWechatRefund) => ({
    refund_id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    transaction_id: trades.get(refund.outTradeNo)?.transactionId ?? '',
    out_trade_no: refund.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(refund.successTime ? { success_time: refund.successTime } : {}),
    create_time: refund.createTime,
    status: refund.status,
    funds_account: 'AVAILABLE',
    amount: {
      total: refund.totalFen,
      refund: refund.amountFen,
      payer_total: refund.totalFen,
      payer_refund: refund.amountFen,
      settlement_refund: refund.amountFen,
      settlement_total: refund.totalFen,
      discount_refund: 0,
      currency: 'CNY',
    },
  });

  app.post('/v3/refund/domestic/refunds', async (request, reply) => {
    const body = jsonBody(request);
    const amount = body.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
    const outRefundNo = body.out_refund_no;
    const byTxn = [...trades.values()].find(
      (t) => t.transactionId && t.transactionId === body.transaction_id,
    );
    const trade = typeof body.out_trade_no === 'string' ? trades.get(body.out_trade_no) : byTxn;
    const invalid =
      typeof outRefundNo !== 'string' ||
      !/^[0-9A-Za-z_\-|*@]{1,64}$/.test(outRefundNo) ||
      (body.reason !== undefined && (typeof body.reason !== 'string' || [...body.reason].length > 80)) ||
      (body.notify_url !== undefined && typeof body.notify_url !== 'string') ||
      !Number.isInteger(amount?.refund) ||
      Number(amount?.refund) <= 0 ||
      !Number.isInteger(amount?.total) ||
      amount?.currency !== 'CNY';
    if (invalid) return error(reply, 400, 'PARAM_ERROR', '参数错误');
    const existing = refunds.get(outRefundNo);
    if (existing) return answer(reply, 200, refundAnswer(existing));
    if (trade?.state !== 'SUCCESS') return error(reply, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (amount?.total !== trade.amountFen)
      return error(reply, 400, 'PARAM_ERROR', '订单金额与原订单金额不一致');
    const refunded = [...refunds.values()]
      .filter((r) => r.outTradeNo === trade.outTradeNo && r.status !== 'ABNORMAL' && r.status !== 'CLOSED')
      .reduce((sum, r) => sum + r.amountFen, 0);
    if (refunded + Number(amount?.refund) > trade.amountFen) {
      return error(reply, 403, 'NOT_ENOUGH', '申请退款金额超过订单可退金额');
    }
    const mode = fake.refundAnswer;
    if ('error' in mode) return error(reply, mode.error.status, mode.error.code, '退款失败');
    refundSeq += 1;
    const refund: FakeWechatRefund = {
      outRefundNo,
      outTradeNo: trade.outTradeNo,
      refundId: `50300${String(Date.now()).slice(-10)}${String(refundSeq).padStart(14, '0')}`,
      amountFen: Number(amount?.refund),
      totalFen: trade.amountFen,
      reason: typeof body.reason === 'string' ? body.reason : '',
      notifyUrl: typeof body.notify_url === 'string' ? body.notify_url : '',
      status: mode.status,
      createTime: china(now()),
      successTime: mode.status === 'SUCCESS' ? china(now()) : null,
    };
    refunds.set(outRefundNo, refund);
    return answer(reply, 200, refundAnswer(refund));
  });

  app.get<{ Params: { no: string } }>('/v3/refund/domestic/refunds/:no', async (request, reply) => {
    const refund = refunds.get(request.params.no);
    if (!refund) return error(reply, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    return answer(reply, 200, refundAnswer(refund));
  });

  // Known before listening (the H5 cashier's address is made of it).
  let url = '';

  const pay = (outTradeNo: string): FakeWechatTrade => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`fake WeChat Pay: no trade ${outTradeNo}`);
    if (trade.state === 'CLOSED') throw new Error(`fake WeChat Pay: trade ${outTradeNo} is closed`);
    if (trade.state !== 'SUCCESS') {
      txnSeq += 1;
      trade.state = 'SUCCESS';
      trade.transactionId = `42000012${String(Date.now()).slice(-10)}${String(txnSeq).padStart(10, '0')}`;
      trade.successTime = china(now());
    }
    return trade;
  };

  /** A notification as WeChat Pay sends one: the resource encrypted with the APIv3 key, the body signed. */
  const encrypted = (
    resource: string,
    aad: string,
    eventType: string,
    summary: string,
    overrides: WechatNotificationOverrides,
  ): FakeNotification => {
    const iv = randomBytes(6).toString('hex');
    const key = overrides.wrongKey ? randomBytes(32) : Buffer.from(apiV3Key);
    const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(iv));
    cipher.setAAD(Buffer.from(aad));
    const ciphertext = Buffer.concat([cipher.update(resource, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const body = JSON.stringify({
      id: overrides.id ?? randomBytes(16).toString('hex'),
      create_time: china(now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: aad,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: aad,
        nonce: iv,
      },
    });
    const timestamp = String(overrides.timestamp ?? Math.floor(now().getTime() / 1000));
    const n = nonce();
    const signature = sign('RSA-SHA256', Buffer.from(`${timestamp}\n${n}\n${body}\n`), platform.privateKey);
    if (overrides.badSignature) signature[10] = (signature[10] ?? 0) ^ 0xff;
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': n,
        'wechatpay-serial': overrides.serial ?? publicKeyId,
        'wechatpay-signature': signature.toString('base64'),
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    };
  };

  url = await app.listen({ host: '127.0.0.1', port: 0 });

  const bridgePay = (params: JsapiParams): FakeWechatTrade => {
    const prepayId = /^prepay_id=(.+)$/.exec(params.package)?.[1];
    const trade = byPrepay(prepayId);
    if (trade?.tradeType !== 'JSAPI') throw new Error('fake WeixinJSBridge: unknown prepay_id');
    if (params.appId !== trade.appid || params.signType !== 'RSA')
      throw new Error('fake WeixinJSBridge: appId/signType');
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    const ok = verify(
      'RSA-SHA256',
      Buffer.from(message),
      merchant.publicKey,
      Buffer.from(params.paySign, 'base64'),
    );
    if (!ok) throw new Error('fake WeixinJSBridge: paySign does not hold');
    return pay(trade.outTradeNo);
  };

  const fake: FakeWechatpay = {
    url,
    config: {
      mchid,
      appid,
      merchantSerial,
      merchantPrivateKey: pem(merchant.privateKey, 'pkcs8'),
      apiV3Key,
      publicKeyId,
      publicKey: pem(platform.publicKey, 'spki'),
      baseUrl: url,
      oauth: {
        appId: appid,
        secret: oauthSecret,
        authorizeUrl: `${url}/connect/oauth2/authorize`,
        apiUrl: url,
      },
    },
    trades,
    calls,
    pay,
    bridgePay,
    codes,
    holdQueries() {
      let release = () => {};
      held = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    notification(outTradeNo, overrides = {}) {
      const trade = pay(outTradeNo);
      const resource = JSON.stringify({
        mchid: overrides.mchid ?? mchid,
        appid: overrides.appid ?? appid,
        out_trade_no: trade.outTradeNo,
        transaction_id: trade.transactionId,
        trade_type: trade.tradeType ?? 'NATIVE',
        trade_state: overrides.tradeState ?? 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        attach: '',
        success_time: trade.successTime,
        payer: { openid: trade.openid ?? 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: {
          total: overrides.amountFen ?? trade.amountFen,
          payer_total: overrides.amountFen ?? trade.amountFen,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      });
      return encrypted(resource, 'transaction', 'TRANSACTION.SUCCESS', '支付成功', overrides);
    },
    refunds,
    refundAnswer: { status: 'PROCESSING' },
    refundNotification(outRefundNo, status = 'SUCCESS', overrides = {}) {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`fake WeChat Pay: no refund ${outRefundNo}`);
      refund.status = status;
      if (status === 'SUCCESS') refund.successTime ??= china(now());
      const trade = trades.get(refund.outTradeNo);
      const resource = JSON.stringify({
        mchid: overrides.mchid ?? mchid,
        out_trade_no: refund.outTradeNo,
        transaction_id: trade?.transactionId ?? '',
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: status,
        ...(refund.successTime ? { success_time: refund.successTime } : {}),
        user_received_account: '支付用户零钱',
        amount: {
          total: refund.totalFen,
          refund: overrides.amountFen ?? refund.amountFen,
          payer_total: refund.totalFen,
          payer_refund: overrides.amountFen ?? refund.amountFen,
        },
      });
      const summary = { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' }[status];
      return encrypted(resource, 'refund', `REFUND.${status}`, summary, overrides);
    },
    close: () => app.close(),
  };
  return fake;
}
