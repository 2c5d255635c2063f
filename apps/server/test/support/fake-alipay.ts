// A local Alipay gateway for tests: checks the app's RSA2 request signatures, answers precreate, query and close as
// Alipay does (each answer signed with the fake Alipay key; an unknown app_id gets an unsigned error_response),
// keeps the trades, answers alipay.trade.refund synchronously (fund_change) and alipay.trade.fastpay.refund.query,
// and builds signed notifications. Requests arrive as alipay-sdk's exec() sends them: the system
// fields in the URL, biz_content in the form body. 手机网站支付 (alipay.trade.wap.pay) arrives as the payer's browser
// brings it, every field in the URL of a GET (pageExecute): the signature is checked the same way, and the cashier
// page lets the payer pay (back to return_url with the signed synchronous parameters) or leave (to quit_url).
// As at Alipay, a precreated trade is unknown to query and close until the payer scans the QR (scan / pay); a wap
// trade is known once its cashier opened.
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { formatYuan, yuanToFen } from '@uc/shared';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../../src/config.js';

export interface FakeAlipayTrade {
  outTradeNo: string;
  subject: string;
  amountFen: number;
  timeExpire: string;
  notifyUrl: string;
  qrCode: string;
  /** The payer scanned the QR: Alipay knows the trade from then on. */
  scanned: boolean;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string | null;
  paidAt: string | null;
  /** wap: product_code QUICK_WAP_WAY, where the cashier sends the browser after paying and on leaving. */
  wap?: { returnUrl: string; quitUrl: string } | null;
}

export interface FakeAlipayRefund {
  outTradeNo: string;
  outRequestNo: string;
  amountFen: number;
  reason: string;
  at: string;
}

/** Ways to break a notification, each alone, to see it refused. */
export interface AlipayNotificationOverrides {
  /** Signed, then one signature byte changed. */
  badSignature?: boolean;
  appId?: string;
  /** total_amount (signed correctly; default the trade's). */
  amountFen?: number;
  /** total_amount exactly as written (e.g. '12.345'), signed correctly. */
  totalAmount?: string;
  tradeStatus?: string;
  notifyId?: string;
  /** Extra fields, signed with the rest. */
  extra?: Record<string, string>;
}

export interface FakeAlipayNotification {
  headers: Record<string, string>;
  /** application/x-www-form-urlencoded, as Alipay posts it. */
  body: string;
}

export interface FakeAlipay {
  /** The gateway URL (ALIPAY_GATEWAY). */
  url: string;
  /** A complete config.payment.alipay pointing at the fake. */
  config: Config['payment']['alipay'];
  trades: Map<string, FakeAlipayTrade>;
  /** The API methods called with a valid signature, in order. */
  calls: string[];
  /** The parameters of those calls (URL and form together, sign left out), in order. */
  requests: Record<string, string>[];
  /** The payer scanned the QR (the trade now exists for query and close). */
  scan(outTradeNo: string): FakeAlipayTrade;
  /** The payer paid (scanning first if needed). */
  pay(outTradeNo: string): FakeAlipayTrade;
  /** Refunds made, by `${out_trade_no}|${out_request_no}`. */
  refunds: Map<string, FakeAlipayRefund>;
  /** A business refusal the next refunds answer (e.g. 'ACQ.TRADE_NOT_ALLOW_REFUND'), or null to refund. */
  refundRefusal: string | null;
  /** The TRADE_SUCCESS notification of the trade (paid first when it is not), signed as Alipay does. */
  notification(outTradeNo: string, overrides?: AlipayNotificationOverrides): FakeAlipayNotification;
  close(): Promise<void>;
}

export interface FakeAlipayOptions {
  appId?: string;
  /** The clock of notification times (the app's clock in clocked tests). */
  now?: () => Date;
  /** The wap cashier posts the notification to notify_url when the payer pays (a reachable app; off by default). */
  postNotifications?: boolean;
}

const china = (date: Date) =>
  new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Alipay's signing content: fields sorted by name, `k=v` joined with '&', values as they are (not encoded);
 *  requests leave empty fields out, notifications sign them all. */
const signContent = (params: Record<string, string>, keepEmpty: boolean) =>
  Object.keys(params)
    .filter((key) => keepEmpty || params[key])
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');

const NOT_EXIST = {
  code: '40004',
  msg: 'Business Failed',
  sub_code: 'ACQ.TRADE_NOT_EXIST',
  sub_msg: '交易不存在',
};
const STATUS_ERROR = {
  code: '40004',
  msg: 'Business Failed',
  sub_code: 'ACQ.TRADE_STATUS_ERROR',
  sub_msg: '交易状态不合法',
};

export async function startFakeAlipay(options: FakeAlipayOptions = {}): Promise<FakeAlipay> {
  const now = options.now ?? (() => new Date());
  const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const appId = options.appId ?? '2021000000000001';
  const trades = new Map<string, FakeAlipayTrade>();
  const refunds = new Map<string, FakeAlipayRefund>();
  const calls: string[] = [];
  const requests: Record<string, string>[] = [];
  let seq = 0;

  const rsa2 = (content: string) =>
    createSign('RSA-SHA256').update(content, 'utf8').sign(alipayKeys.privateKey, 'base64');

  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  /** `{"<method>_response":{...},"sign":"..."}`, the sign over the inner JSON exactly as written. */
  const answer = (reply: FastifyReply, method: string, data: object) => {
    const inner = JSON.stringify(data);
    const key = `${method.replaceAll('.', '_')}_response`;
    return reply.type('application/json;charset=utf-8').send(`{"${key}":${inner},"sign":"${rsa2(inner)}"}`);
  };

  /** System fields from the URL, business fields from the form; null when the app's signature does not hold. */
  const signedParams = (request: FastifyRequest): Record<string, string> | null => {
    const params: Record<string, string> = {};
    const search = new URL(request.url, 'http://fake').searchParams;
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    for (const [key, value] of [...search, ...form]) params[key] = value;
    const { sign, ...rest } = params;
    if (!sign || params.sign_type !== 'RSA2' || params.app_id !== appId) return null;
    const ok = createVerify('RSA-SHA256')
      .update(signContent(rest, false), 'utf8')
      .verify(appKeys.publicKey, sign, 'base64');
    return ok ? params : null;
  };

  const known = (outTradeNo: unknown) => {
    const trade = typeof outTradeNo === 'string' ? trades.get(outTradeNo) : undefined;
    return trade?.scanned ? trade : undefined;
  };

  /** precreate's and wap's trade fields, checked; null when Alipay would refuse them. */
  const tradeFields = (biz: Record<string, unknown>) => {
    const outTradeNo = biz.out_trade_no;
    const amountFen = typeof biz.total_amount === 'string' ? yuanToFen(biz.total_amount) : null;
    const invalid =
      typeof outTradeNo !== 'string' ||
      !outTradeNo ||
      outTradeNo.length > 64 ||
      amountFen === null ||
      amountFen <= 0 ||
      biz.total_amount !== formatYuan(amountFen) ||
      typeof biz.subject !== 'string' ||
      !biz.subject ||
      typeof biz.time_expire !== 'string' ||
      !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(biz.time_expire);
    if (invalid) return null;
    return { outTradeNo, amountFen, subject: biz.subject as string, timeExpire: biz.time_expire as string };
  };

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8">${body}`);
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">`;

  // 手机网站支付: the browser arrives with the signed request in the URL and sees the cashier.
  app.get('/gateway.do', async (request, reply) => {
    const params = signedParams(request);
    if (!params) return html(reply, 400, '<h1>支付宝</h1><p>验签出错</p>');
    if (params.method !== 'alipay.trade.wap.pay')
      return html(reply, 400, '<h1>支付宝</h1><p>不支持的接口</p>');
    calls.push(params.method);
    const { sign: _sign, ...signed } = params;
    requests.push(signed);
    let biz: Record<string, unknown> = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      return html(reply, 400, '<h1>支付宝</h1><p>参数错误</p>');
    }
    const fields = tradeFields(biz);
    const returnUrl = params.return_url ?? '';
    const quitUrl = typeof biz.quit_url === 'string' ? biz.quit_url : '';
    if (!fields || biz.product_code !== 'QUICK_WAP_WAY' || !/^https?:\/\//.test(returnUrl) || !quitUrl) {
      return html(reply, 400, '<h1>支付宝</h1><p>参数错误</p>');
    }
    const existing = trades.get(fields.outTradeNo);
    if (existing && existing.status !== 'WAIT_BUYER_PAY')
      return html(reply, 400, '<h1>支付宝</h1><p>交易已完成或已关闭</p>');
    const trade: FakeAlipayTrade = existing ?? {
      ...fields,
      notifyUrl: params.notify_url ?? '',
      qrCode: '',
      scanned: false,
      status: 'WAIT_BUYER_PAY',
      tradeNo: null,
      paidAt: null,
      wap: { returnUrl, quitUrl },
    };
    trades.set(trade.outTradeNo, trade);
    scan(trade.outTradeNo);
    return html(
      reply,
      200,
      `<title>支付宝</title><h1>支付宝</h1><p>${trade.subject}</p><p>¥${formatYuan(trade.amountFen)}</p>` +
        `<form method="post" action="/wap/pay">${hidden('out_trade_no', trade.outTradeNo)}` +
        '<button name="action" value="pay">确认付款</button><button name="action" value="quit">返回商家</button></form>',
    );
  });

  app.post('/wap/pay', async (request, reply) => {
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const trade = trades.get(form.get('out_trade_no') ?? '');
    if (!trade?.wap) return html(reply, 404, '<h1>支付宝</h1><p>交易不存在</p>');
    if (form.get('action') !== 'pay') return reply.redirect(trade.wap.quitUrl, 302);
    pay(trade.outTradeNo);
    if (options.postNotifications && trade.notifyUrl) {
      const n = fake.notification(trade.outTradeNo);
      await fetch(trade.notifyUrl, { method: 'POST', headers: n.headers, body: n.body }).catch(
        () => undefined,
      );
    }
    // The synchronous return: the trade's fields signed like a notification (the page must not trust them).
    const back: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: trade.outTradeNo,
      method: 'alipay.trade.wap.pay.return',
      total_amount: formatYuan(trade.amountFen),
      trade_no: trade.tradeNo ?? '',
      auth_app_id: appId,
      version: '1.0',
      app_id: appId,
      seller_id: '2088102177649450',
      timestamp: china(now()),
    };
    // Appended to return_url's own query, as Alipay does (its out_trade_no, the attempt's, comes after the page's).
    const target = new URL(trade.wap.returnUrl);
    for (const [key, value] of Object.entries(back)) target.searchParams.append(key, value);
    target.searchParams.append('sign', rsa2(signContent(back, true)));
    target.searchParams.append('sign_type', 'RSA2');
    return reply.redirect(target.toString(), 302);
  });

  app.post('/gateway.do', async (request, reply) => {
    const params = signedParams(request);
    const method = new URL(request.url, 'http://fake').searchParams.get('method') ?? 'unknown';
    if (new URL(request.url, 'http://fake').searchParams.get('app_id') !== appId) {
      // Alipay cannot sign for an app it does not know.
      const refusal = {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-app-id',
        sub_msg: '无效的AppID参数',
      };
      return reply.type('application/json;charset=utf-8').send(JSON.stringify({ error_response: refusal }));
    }
    if (!params) {
      return answer(reply, method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    calls.push(method);
    const { sign: _sign, ...signed } = params;
    requests.push(signed);
    let biz: Record<string, unknown> = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      return answer(reply, method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-parameter',
      });
    }
    const outTradeNo = biz.out_trade_no;

    if (method === 'alipay.trade.precreate') {
      const fields = tradeFields(biz);
      if (!fields) {
        return answer(reply, method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.INVALID_PARAMETER',
        });
      }
      const existing = trades.get(fields.outTradeNo);
      if (existing?.status === 'TRADE_SUCCESS') {
        return answer(reply, method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_HAS_SUCCESS',
        });
      }
      const trade: FakeAlipayTrade = existing ?? {
        ...fields,
        notifyUrl: params.notify_url ?? '',
        qrCode: `https://qr.alipay.com/bax0${randomBytes(10).toString('hex')}`,
        scanned: false,
        status: 'WAIT_BUYER_PAY',
        tradeNo: null,
        paidAt: null,
        wap: null,
      };
      trades.set(fields.outTradeNo, trade);
      return answer(reply, method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: fields.outTradeNo,
        qr_code: trade.qrCode,
      });
    }

    if (method === 'alipay.trade.query') {
      const trade = known(outTradeNo);
      if (!trade) return answer(reply, method, NOT_EXIST);
      return answer(reply, method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        trade_status: trade.status,
        total_amount: formatYuan(trade.amountFen),
        buyer_logon_id: 'tes***@example.com',
        ...(trade.paidAt
          ? { send_pay_date: trade.paidAt, buyer_pay_amount: formatYuan(trade.amountFen) }
          : {}),
      });
    }

    if (method === 'alipay.trade.refund') {
      const trade = known(outTradeNo);
      if (!trade) return answer(reply, method, NOT_EXIST);
      const amountFen = typeof biz.refund_amount === 'string' ? yuanToFen(biz.refund_amount) : null;
      const requestNo = typeof biz.out_request_no === 'string' ? biz.out_request_no : trade.outTradeNo;
      if (amountFen === null || amountFen <= 0 || requestNo.length > 64) {
        return answer(reply, method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.INVALID_PARAMETER',
        });
      }
      const key = `${trade.outTradeNo}|${requestNo}`;
      const refunded = () =>
        [...refunds.values()]
          .filter((r) => r.outTradeNo === trade.outTradeNo)
          .reduce((n, r) => n + r.amountFen, 0);
      const done = (fundChange: 'Y' | 'N') =>
        answer(reply, method, {
          code: '10000',
          msg: 'Success',
          buyer_logon_id: 'tes***@example.com',
          fund_change: fundChange,
          gmt_refund_pay: china(now()),
          out_trade_no: trade.outTradeNo,
          refund_fee: formatYuan(refunded()),
          send_back_fee: formatYuan(amountFen),
          trade_no: trade.tradeNo,
        });
      // The same out_request_no again: refunded before, no money moves now.
      if (refunds.has(key)) return done('N');
      if (trade.status !== 'TRADE_SUCCESS') return answer(reply, method, STATUS_ERROR);
      if (fake.refundRefusal) {
        return answer(reply, method, { code: '40004', msg: 'Business Failed', sub_code: fake.refundRefusal });
      }
      if (refunded() + amountFen > trade.amountFen) {
        return answer(reply, method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
          sub_msg: '退款金额超限',
        });
      }
      refunds.set(key, {
        outTradeNo: trade.outTradeNo,
        outRequestNo: requestNo,
        amountFen,
        reason: typeof biz.refund_reason === 'string' ? biz.refund_reason : '',
        at: china(now()),
      });
      // Refunded whole, the trade is closed.
      if (refunded() === trade.amountFen) trade.status = 'TRADE_CLOSED';
      return done('Y');
    }

    if (method === 'alipay.trade.fastpay.refund.query') {
      const trade = known(outTradeNo);
      if (!trade) return answer(reply, method, NOT_EXIST);
      const requestNo = typeof biz.out_request_no === 'string' ? biz.out_request_no : '';
      const refund = refunds.get(`${trade.outTradeNo}|${requestNo}`);
      // Found nothing: a success answer without the refund's fields.
      if (!refund) return answer(reply, method, { code: '10000', msg: 'Success' });
      return answer(reply, method, {
        code: '10000',
        msg: 'Success',
        out_request_no: refund.outRequestNo,
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        total_amount: formatYuan(trade.amountFen),
        refund_amount: formatYuan(refund.amountFen),
        refund_status: 'REFUND_SUCCESS',
      });
    }

    if (method === 'alipay.trade.close') {
      const trade = known(outTradeNo);
      if (!trade) return answer(reply, method, NOT_EXIST);
      if (trade.status !== 'WAIT_BUYER_PAY') return answer(reply, method, STATUS_ERROR);
      trade.status = 'TRADE_CLOSED';
      return answer(reply, method, { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo });
    }

    return answer(reply, method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
  });

  const listening = await app.listen({ host: '127.0.0.1', port: 0 });

  const scan = (outTradeNo: string) => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`fake Alipay: no trade ${outTradeNo}`);
    if (!trade.scanned) {
      seq += 1;
      trade.scanned = true;
      trade.tradeNo = `2026${china(now()).replace(/\D/g, '').slice(4, 8)}22001${String(seq).padStart(14, '0')}`;
    }
    return trade;
  };
  const pay = (outTradeNo: string) => {
    const trade = scan(outTradeNo);
    if (trade.status === 'TRADE_CLOSED') throw new Error(`fake Alipay: trade ${outTradeNo} is closed`);
    if (trade.status !== 'TRADE_SUCCESS') {
      trade.status = 'TRADE_SUCCESS';
      trade.paidAt = china(now());
    }
    return trade;
  };

  const fake: FakeAlipay = {
    url: `${listening}/gateway.do`,
    config: {
      appId,
      privateKey: String(appKeys.privateKey.export({ type: 'pkcs8', format: 'pem' })),
      alipayPublicKey: String(alipayKeys.publicKey.export({ type: 'spki', format: 'pem' })),
      gateway: `${listening}/gateway.do`,
    },
    trades,
    refunds,
    refundRefusal: null,
    calls,
    requests,
    scan,
    pay,
    notification(outTradeNo, overrides = {}) {
      // A trade paid and then refunded whole is closed: its notifications still describe the payment.
      const refunded = trades.get(outTradeNo);
      const trade = refunded?.status === 'TRADE_CLOSED' && refunded.paidAt ? refunded : pay(outTradeNo);
      const total = overrides.totalAmount ?? formatYuan(overrides.amountFen ?? trade.amountFen);
      const params: Record<string, string> = {
        gmt_create: trade.paidAt ?? china(now()),
        charset: 'utf-8',
        gmt_payment: trade.paidAt ?? china(now()),
        notify_time: china(now()),
        subject: trade.subject,
        buyer_id: '2088102177846880',
        invoice_amount: total,
        version: '1.0',
        notify_id: overrides.notifyId ?? `2026${randomBytes(12).toString('hex')}`,
        fund_bill_list: JSON.stringify([{ amount: total, fundChannel: 'ALIPAYACCOUNT' }]),
        notify_type: 'trade_status_sync',
        out_trade_no: trade.outTradeNo,
        total_amount: total,
        trade_status: overrides.tradeStatus ?? 'TRADE_SUCCESS',
        trade_no: trade.tradeNo ?? '',
        auth_app_id: overrides.appId ?? appId,
        receipt_amount: total,
        point_amount: '0.00',
        app_id: overrides.appId ?? appId,
        buyer_pay_amount: total,
        seller_id: '2088102177649450',
        ...overrides.extra,
      };
      let sign = rsa2(signContent(params, true));
      if (overrides.badSignature) {
        const bytes = Buffer.from(sign, 'base64');
        bytes[10] = (bytes[10] ?? 0) ^ 0xff;
        sign = bytes.toString('base64');
      }
      const body = new URLSearchParams({ ...params, sign, sign_type: 'RSA2' }).toString();
      return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body };
    },
    close: () => app.close(),
  };
  return fake;
}
