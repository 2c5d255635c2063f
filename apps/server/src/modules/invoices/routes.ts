// HTTP of invoices (发票): saved titles, 申请发票, 发票管理's list and the PDF. Invoices are the main account's business,
// like its orders.
import {
  INVOICE_API,
  idField,
  invoiceApplyBody,
  invoiceSchema,
  invoiceStatusField,
  invoiceTitleBody,
  invoiceTitleSchema,
} from '@uc/shared';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt, routePath } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import type { InvoicesService } from './service.js';

const idParams = z.object({ id: idField() });

declare module 'fastify' {
  interface FastifyInstance {
    /** Invoices, for its notice poller in tests (stopped while a test sends the notices itself). */
    invoices: InvoicesService;
  }
}

export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  const config = { access: 'packages' } as const;
  const tags = ['invoices'];
  app.addHook('onReady', async () => invoices.start());
  app.addHook('onClose', async () => invoices.stop());
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).account.id;

  dataAt(
    app,
    'GET',
    [INVOICE_API.titles],
    { config, tags, summary: '发票抬头（已保存）', data: z.array(invoiceTitleSchema) },
    (request) => invoices.titles(userId(request)),
  );

  dataAt(
    app,
    'POST',
    [INVOICE_API.titles],
    {
      config,
      tags,
      summary: '保存发票抬头',
      description:
        'JSON：title_type（personal 个人 | company 企业）、title、tax_no（企业必填：18位统一社会信用代码，按 GB 32100-2015 校验）、email，' +
        '以及专票所需的 address、phone、bank、bank_account。同类型同名称的抬头会被更新；最多保存20个。',
      body: invoiceTitleBody,
      data: invoiceTitleSchema,
    },
    (request) => invoices.saveTitle(userId(request), request.body),
  );

  dataAt(
    app,
    'DELETE',
    [routePath(INVOICE_API.title)],
    { config, tags, summary: '删除发票抬头', params: idParams, data: z.null() },
    async (request) => {
      await invoices.deleteTitle(userId(request), request.params.id);
      return null;
    },
  );

  dataAt(
    app,
    'POST',
    [INVOICE_API.apply],
    {
      config,
      tags,
      summary: '申请发票',
      description:
        'JSON：out_trade_no、invoice_type（normal 普通电子发票 | special 增值税专用发票）、抬头字段（同保存发票抬头）、save_title（默认 true）。' +
        '仅本人已支付且金额大于0的订单；每个订单只能有一个申请（已驳回的可重新申请），再次申请返回「该订单已申请发票」；' +
        '仅支持普通电子发票的套餐（1、5）申请专票返回「该套餐仅支持开具普通电子发票」；专票仅限企业抬头并需填写地址、电话、开户行和账号。',
      body: invoiceApplyBody,
      data: invoiceSchema,
    },
    (request) => invoices.apply(userId(request), request.body),
  );

  dataAt(
    app,
    'GET',
    [INVOICE_API.list],
    {
      config,
      tags,
      summary: '发票管理（分页，最新在前）',
      querystring: pagingQuery.extend({ status: invoiceStatusField.optional() }),
      data: pageSchema(invoiceSchema),
    },
    (request) => {
      const { status, ...paging } = request.query;
      return invoices.list(userId(request), paging, status);
    },
  );

  app.get(
    routePath(INVOICE_API.pdf),
    {
      config,
      schema: {
        tags,
        summary: '下载发票PDF',
        description: '已开具（或已红冲）的发票；尚未开具返回 HTTP 404「发票尚未开具」。',
        params: idParams,
      },
    },
    async (request, reply) => {
      const pdf = await invoices.pdf(userId(request), request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(pdf.filename))
        .header('Cache-Control', 'no-store')
        .send(pdf.body);
    },
  );
};
