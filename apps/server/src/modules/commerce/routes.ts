// HTTP of commerce (docs/requirements.md §7 "Orders and payments"): the catalogue, orders, pay, status, transfer, lists; the
// providers' notifications (raw body, acknowledged after the commit) and the sandbox's 模拟支付 page.
import type { AddressInfo } from 'node:net';
import {
  apiSurplusSchema,
  buyCreditsBody,
  COMMERCE_API,
  expiredTimeSchema,
  MSG,
  orderCreateBody,
  orderCreatedSchema,
  orderDetailSchema,
  orderListItemSchema,
  orderStatusField,
  outTradeNoBody,
  outTradeNoField,
  payBody,
  payCreatedSchema,
  payStatusSchema,
  planChangeStateSchema,
  planItemSchema,
  planPriceSchema,
  planPricesQuery,
  TOOLS_API,
  textField,
  transferInfoSchema,
} from '@uc/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { errors } from '../../errors.js';
import { callerReads } from '../../lib/caller-reads.js';
import { renderPage } from '../../lib/html.js';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt, routePath } from '../../lib/routes.js';
import { bearerToken, currentUser } from '../../plugins/auth.js';
import type { PaymentProviderName } from '../../providers/payment/types.js';
import { NOTIFY_TIMES, sandboxPayBody, sandboxResultBody } from './sandbox-page.js';
import type { CommerceService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Commerce, for the order sweep in tests and operations. */
    commerce: CommerceService;
  }
}

/** The distribution cookie (docs/requirements.md §3): where a purchase came from. */
const SOURCE_COOKIE = 'CCW-Distribution';
const sourceValue = textField(64);
/** Notifications are small; anything larger is not one. */
const NOTIFY_BODY_LIMIT = 64 * 1024;
const HTML = 'text/html; charset=utf-8';

const NOTIFY_PATHS: Record<PaymentProviderName, string> = {
  sandbox: COMMERCE_API.notifySandbox,
  wechat: COMMERCE_API.notifyWechat,
  alipay: COMMERCE_API.notifyAlipay,
};
/** Refund notifications: WeChat Pay's, and the sandbox's own (Alipay's refunds settle from its answer and query). */
const REFUND_NOTIFY_PATHS: Partial<Record<PaymentProviderName, string>> = {
  sandbox: COMMERCE_API.notifySandboxRefund,
  wechat: COMMERCE_API.notifyWechatRefund,
};

const sandboxLink = z.object({ trade_no: textField(64).min(1), sig: textField(128).min(1) });
const signInQuery = z.object({
  code: textField(256).min(1),
  state: textField(128).min(1),
  to: textField(1024).regex(/^\/(?![/\\])/),
});
const sandboxForm = sandboxLink.extend({
  action: z.enum(['confirm', 'cancel']),
  times: z.coerce.number().int().min(NOTIFY_TIMES.min).max(NOTIFY_TIMES.max).default(NOTIFY_TIMES.min),
});

interface CommerceRoutesOptions {
  commerce: CommerceService;
  site: Config['site'];
}

/** Where a purchase came from: the distribution cookie, if it is a sensible value. */
function sourceOf(request: FastifyRequest): string | null {
  const cookie = sourceValue.safeParse(request.cookies[SOURCE_COOKIE]);
  return cookie.success && cookie.data.trim() ? cookie.data.trim() : null;
}

/** This server's own address for a request to itself; null when it is not listening (inject-only, in tests). */
function ownOrigin(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host =
    address.family === 'IPv6'
      ? `[${address.address === '::' ? '::1' : address.address}]`
      : address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.address;
  return `http://${host}:${address.port}`;
}

export const commerceRoutes: FastifyPluginAsyncZod<CommerceRoutesOptions> = async (
  app,
  { commerce, site },
) => {
  // Package pages and orders are the main account's business (docs/requirements.md §6).
  const config = { access: 'packages' } as const;
  const tags = ['commerce'];
  app.addHook('onReady', async () => commerce.startSweep());
  app.addHook('onClose', async () => commerce.close());

  dataAt(
    app,
    'GET',
    [COMMERCE_API.planList],
    { tags, summary: '套餐列表（公开）', data: z.array(planItemSchema) },
    () => commerce.plans(),
  );

  dataAt(
    app,
    'GET',
    [COMMERCE_API.planPrices],
    {
      tags,
      summary: '套餐价格表（公开）',
      description: 'price_list 每行为购买 1-5 个单位：[下一档折扣, 总价, 节省金额, 下一档单价]（元）。',
      querystring: planPricesQuery,
      data: z.array(planPriceSchema),
    },
    (request) => commerce.prices(request.query.gid),
  );

  dataAt(
    app,
    'POST',
    [COMMERCE_API.order],
    {
      config,
      tags,
      summary: '创建订单',
      description:
        '表单或 JSON：gid、count（1-5，默认 1）。套餐不存在或未上架返回 code 20101；子账号返回 HTTP 403。',
      body: orderCreateBody,
      data: orderCreatedSchema,
    },
    (request) => commerce.createOrder(currentUser(request).account, request.body, sourceOf(request)),
  );

  dataAt(
    app,
    'POST',
    [TOOLS_API.buy],
    {
      config,
      tags,
      summary: '购买工具次数包（创建订单）',
      description:
        '表单或 JSON：tool、pack（次数包编号）、count（1-5 份，默认 1）。返回与创建订单相同的订单（gid 为次数包目录 90，pack 为所购次数包），' +
        '随后以同样的发起支付、支付状态与对公转账完成；支付入账时一次性发放次数（每个订单只发放一次）。' +
        '次数包不存在或已下架、会员等级已包含该工具返回 HTTP 400；子账号返回 HTTP 403。',
      body: buyCreditsBody,
      data: orderCreatedSchema,
    },
    (request) => commerce.createPackOrder(currentUser(request).account, request.body, sourceOf(request)),
  );

  dataAt(
    app,
    'POST',
    [COMMERCE_API.pay],
    {
      config,
      tags,
      summary: '发起支付（扫码、手机浏览器或微信内支付）',
      description:
        '表单或 JSON：gid、out_trade_no、pay_type（1 微信，其他支付宝）、expired_time、finalPrice（元）、count、source、mode（qr、h5、jsapi，可省略）。' +
        '未指定 mode 时按 User-Agent 选择：微信内为 jsapi（支付宝为 qr），手机浏览器为 h5，其他为 qr。' +
        'jsapi 尚无付款人 openid 时不发起支付，返回 mode oauth 与微信网页授权地址。' +
        '价格按套餐、数量与抵扣重新计算，与 finalPrice 不符、gid 不符或应付金额小于0返回 code 20102（订单异常，请联系客服处理）；' +
        '订单已过期返回 code 20103；他人订单 HTTP 403，子账号 HTTP 403。',
      body: payBody,
      data: payCreatedSchema,
    },
    (request) => {
      const { finalPrice, ...rest } = request.body;
      return commerce.pay(
        currentUser(request).account,
        { ...rest, finalPriceFen: finalPrice },
        {
          userAgent: request.headers['user-agent'] ?? '',
          clientIp: request.ip,
          referer: request.headers.referer ?? '',
        },
      );
    },
  );

  dataAt(
    app,
    'GET',
    [COMMERCE_API.payStatus],
    {
      config,
      tags,
      summary: '订单支付状态',
      description: '已支付时 status 为 true，token 为携带新会员等级的新令牌（同一会话）。',
      querystring: outTradeNoBody,
      data: payStatusSchema,
    },
    (request) => {
      const user = currentUser(request);
      return commerce.status(user, bearerToken(request) ?? '', request.query.out_trade_no);
    },
  );

  dataAt(
    app,
    'POST',
    [COMMERCE_API.transfer],
    {
      config,
      tags,
      summary: '对公转账',
      description: '表单或 JSON：out_trade_no。订单转为待转账确认，返回收款账户，转账备注填写订单号。',
      body: outTradeNoBody,
      data: transferInfoSchema,
    },
    (request) => commerce.transfer(currentUser(request).account, request.body.out_trade_no),
  );

  /** A read of the signed-in account's own plan. */
  const reads = callerReads(app, (request) => currentUser(request).account, { config, tags });

  reads([COMMERCE_API.expiredTime], '当前套餐到期时间', expiredTimeSchema, (account) =>
    commerce.expiredTime(account),
  );

  reads([COMMERCE_API.planChange], '到期后生效的套餐变更与原等级续费套餐', planChangeStateSchema, (account) =>
    commerce.planChange(account),
  );

  dataAt(
    app,
    'POST',
    [COMMERCE_API.planChangeCancel],
    {
      config,
      tags,
      summary: '取消到期后生效的套餐变更',
      description:
        '已支付的金额记为应退款，由客服原路退回；没有待生效的变更返回 HTTP 400；子账号返回 HTTP 403。',
      data: z.null(),
      message: MSG.planChangeCancelled,
    },
    async (request) => {
      await commerce.cancelPlanChange(currentUser(request).account);
      return null;
    },
  );

  reads.withQuery(
    [COMMERCE_API.orderList],
    {
      summary: '我的订单（分页，最新在前）',
      querystring: pagingQuery.extend({ status: orderStatusField.optional() }),
    },
    pageSchema(orderListItemSchema),
    (account, { status, ...paging }) => commerce.list(account, paging, status),
  );

  dataAt(
    app,
    'GET',
    [routePath(COMMERCE_API.orderDetail)],
    {
      config,
      tags,
      summary: '订单详情（支付记录与开通结果）',
      params: z.object({ id: outTradeNoField }),
      data: orderDetailSchema,
    },
    (request) => commerce.detail(currentUser(request).account, request.params.id),
  );

  reads([COMMERCE_API.surplus], 'API 调用剩余次数', apiSurplusSchema, (account) =>
    commerce.surplus(account.id),
  );

  // Provider notifications: the raw bytes, whatever the content type, are what the signature covers.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    /** Each provider's notification at its path, answered with what `settle` acknowledges (404 for none). */
    const notifications = (
      paths: Partial<Record<PaymentProviderName, string>>,
      settle: typeof commerce.notify,
    ) => {
      for (const [name, url] of Object.entries(paths) as [PaymentProviderName, string][]) {
        scope.post(url, { schema: { hide: true }, bodyLimit: NOTIFY_BODY_LIMIT }, async (request, reply) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const ack = await settle(name, { headers: request.headers, rawBody });
          if (!ack) throw errors.notFound();
          return reply.code(ack.status).type(ack.contentType).send(ack.body);
        });
      }
    };
    notifications(NOTIFY_PATHS, (name, notification) => commerce.notify(name, notification));
    // Refund notifications, acknowledged only after the settlement committed.
    notifications(REFUND_NOTIFY_PATHS, (name, notification) => commerce.notifyRefund(name, notification));
  });

  // The sandbox's 模拟支付 page and its form.
  const footer = [`客服热线：${site.hotline}（每天 8:00-18:00）`, site.copyright];
  const page = (title: string, body: string) =>
    renderPage({ title, body, footer, homeUrl: site.mainSiteUrl });
  const invalidLink = page(
    '支付链接无效',
    sandboxResultBody('支付链接无效', ['该支付链接无效或已失效，请返回订单页重新发起支付。']),
  );

  // WeChat's sign-in coming back (a browser navigation, no bearer token: the signed state names the member).
  const signInFailed = page(
    '微信授权失败',
    sandboxResultBody('微信授权失败', ['授权链接无效或已过期，请返回订单页重新发起支付，或改用扫码支付。']),
  );
  app.get(COMMERCE_API.wechatSignIn, { schema: { hide: true } }, async (request, reply) => {
    const query = signInQuery.safeParse(request.query);
    const target = query.success ? await commerce.payerSignedIn(query.data) : null;
    if (!target) return reply.code(400).type(HTML).send(signInFailed);
    return reply.redirect(target, 302);
  });

  app.get(COMMERCE_API.sandboxPage, { schema: { hide: true } }, async (request, reply) => {
    const sandbox = commerce.sandbox();
    const link = sandboxLink.safeParse(request.query);
    const trade = sandbox && link.success ? await sandbox.describe(link.data.trade_no, link.data.sig) : null;
    const known = trade ? await commerce.sandboxTrade(trade.tradeNo) : null;
    if (!link.success || !trade || !known) return reply.code(404).type(HTML).send(invalidLink);
    return reply.type(HTML).send(
      page(
        '模拟支付',
        sandboxPayBody({
          tradeNo: trade.tradeNo,
          sig: link.data.sig,
          amountFen: trade.amountFen,
          outTradeNo: known.order.out_trade_no,
          planName: known.planName,
          count: known.order.count,
          state: trade.state,
          channel: known.channel,
        }),
      ),
    );
  });

  /** Posts the signed notification to this server's own notify URL `times` times at once, over real HTTP. */
  async function deliver(notification: { headers: Record<string, string>; body: string }, times: number) {
    const origin = ownOrigin(app);
    const once = async (): Promise<boolean> => {
      if (origin) {
        const res = await fetch(`${origin}${COMMERCE_API.notifySandbox}`, {
          method: 'POST',
          headers: notification.headers,
          body: notification.body,
        });
        await res.arrayBuffer();
        return res.ok;
      }
      const res = await app.inject({
        method: 'POST',
        url: COMMERCE_API.notifySandbox,
        headers: notification.headers,
        payload: notification.body,
      });
      return res.statusCode < 300;
    };
    const results = await Promise.allSettled(Array.from({ length: times }, once));
    return results.filter((r) => r.status === 'fulfilled' && r.value).length;
  }

  app.post(COMMERCE_API.sandboxConfirm, { schema: { hide: true } }, async (request, reply) => {
    const sandbox = commerce.sandbox();
    const form = sandboxForm.safeParse(request.body ?? {});
    const trade = sandbox && form.success ? await sandbox.describe(form.data.trade_no, form.data.sig) : null;
    if (!sandbox || !form.success || !trade) return reply.code(404).type(HTML).send(invalidLink);
    if (form.data.action === 'cancel') {
      await sandbox.cancel(trade.tradeNo);
      // h5 and jsapi: back to the result page, as the provider's cashier does.
      if (trade.returnUrl) return reply.redirect(trade.returnUrl, 303);
      return reply
        .type(HTML)
        .send(
          page(
            '已取消',
            sandboxResultBody('已取消', ['您已取消本次模拟支付，可返回订单页重新选择支付方式。']),
          ),
        );
    }
    const notification = await sandbox.confirm(trade.tradeNo);
    if (!notification) {
      return reply
        .type(HTML)
        .send(
          page(
            '支付失败',
            sandboxResultBody('支付失败', ['该笔支付已关闭或已过期，请返回订单页重新发起支付。']),
          ),
        );
    }
    const delivered = await deliver(notification, form.data.times);
    if (trade.returnUrl) return reply.redirect(trade.returnUrl, 303);
    return reply
      .type(HTML)
      .send(
        page(
          '支付成功',
          sandboxResultBody('支付成功', [
            '模拟支付已完成，订单页将自动跳转。',
            `通知已发送 ${form.data.times} 次，服务器确认 ${delivered} 次。`,
          ]),
        ),
      );
  });
};
