// 发票 in the operator console: the queue and its .xlsx, a request's detail and PDF, issuing (multipart: the PDF and
// its number), rejecting and 红冲, under /api/admin/ (config.staff names the permission). The rules and the audit rows
// are console.ts'. The member's email is masked for a role without members.pii; the export needs invoices.export and is
// audited. The buyer's registered details (title, tax number, address, phone, bank) stay: the invoice needs them.
import multipart from '@fastify/multipart';
import {
  INVOICE_PDF_MAX_BYTES,
  INVOICE_STATUS_TEXT,
  INVOICE_TYPE_TEXT,
  idField,
  invoiceNumberField,
  MSG,
  maskEmail,
  reasonBody,
  redLetterNumberBody,
  reverseInvoiceBody,
  STAFF_INVOICES_API,
  type StaffInvoice,
  shanghaiSecond,
  staffInvoiceQuery,
  staffInvoiceSchema,
} from '@uc/shared';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errors } from '../../errors.js';
import { dataAt, routePath } from '../../lib/routes.js';
import type { XlsxColumn } from '../../lib/xlsx.js';
import { auditActor, seesPii } from '../../plugins/staff-auth.js';
import { idParams, staffListAt } from '../../plugins/staff-routes.js';
import type { InvoiceDesk } from './console.js';

const tags = ['console-invoices'];
const read = { staff: 'invoices.read' } as const;
const write = { staff: 'invoices.write' } as const;
const redLetterParams = z.object({ id: idField(), red_id: idField() });

const masked = (invoice: StaffInvoice): StaffInvoice => ({ ...invoice, email: maskEmail(invoice.email) });
/** A request as the caller may see it. */
const shown = (request: FastifyRequest, invoice: StaffInvoice) =>
  seesPii(request) ? invoice : masked(invoice);

const COLUMNS: readonly XlsxColumn<StaffInvoice>[] = [
  { header: '编号', width: 10, value: (i) => i.id },
  { header: '状态', width: 10, value: (i) => INVOICE_STATUS_TEXT[i.status] },
  { header: '发票类型', width: 16, value: (i) => INVOICE_TYPE_TEXT[i.invoice_type] },
  { header: '抬头', width: 30, value: (i) => i.title },
  { header: '税号', width: 22, value: (i) => i.tax_no },
  { header: '金额（元）', width: 12, value: (i) => i.amount },
  { header: '订单号', width: 26, value: (i) => i.out_trade_no },
  { header: '会员', value: (i) => i.username },
  { header: '邮箱', width: 24, value: (i) => i.email },
  { header: '发票号码', width: 20, value: (i) => i.number },
  { header: '红字发票号码', width: 20, value: (i) => i.red_number },
  { header: '原因', width: 30, value: (i) => i.reason },
  { header: '申请时间', width: 20, value: (i) => shanghaiSecond(i.created_at) },
  { header: '开具时间', width: 20, value: (i) => (i.issued_at ? shanghaiSecond(i.issued_at) : '') },
];

/** What @fastify/multipart's failures mean to the operator. */
const multipartErrors: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => errors.badRequest(MSG.invoicePdfInvalid),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => errors.badRequest(MSG.invoicePdfInvalid),
};

export const invoicesConsoleRoutes: FastifyPluginAsyncZod<{ desk: InvoiceDesk }> = async (app, { desk }) => {
  staffListAt(app, {
    tags,
    filter: staffInvoiceQuery,
    item: staffInvoiceSchema,
    list: { url: STAFF_INVOICES_API.list, staff: 'invoices.read', summary: '发票申请（筛选，最新在前）' },
    export: {
      url: STAFF_INVOICES_API.export,
      staff: 'invoices.export',
      summary: '导出发票申请（.xlsx，筛选同列表）',
      audit: 'invoices.export',
      name: '发票申请',
      columns: COLUMNS,
    },
    page: desk.list,
    rows: (filter) => ({ at: new Date(), rows: desk.exportRows(filter) }),
    masked: { row: masked, hides: '邮箱' },
  });

  dataAt(
    app,
    'GET',
    [routePath(STAFF_INVOICES_API.detail)],
    {
      config: read,
      tags,
      summary: '发票申请详情',
      params: idParams,
      data: staffInvoiceSchema,
    },
    async (request) => shown(request, await desk.detail(request.params.id)),
  );

  app.get(
    routePath(STAFF_INVOICES_API.pdf),
    {
      config: read,
      schema: { tags, summary: '下载已开具发票的PDF', params: idParams, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const { body, filename } = await desk.pdf(request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(filename))
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_INVOICES_API.reject)],
    {
      config: write,
      tags,
      summary: '驳回发票申请',
      description: '申请中 -> 已驳回；reason 必填，会员在发票管理中看到该原因，可重新申请。',
      params: idParams,
      body: reasonBody,
      data: staffInvoiceSchema,
      message: '已驳回',
    },
    async (request) =>
      shown(request, await desk.reject(request.params.id, request.body.reason, auditActor(request))),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_INVOICES_API.reverse)],
    {
      config: write,
      tags,
      summary: '红冲发票',
      description:
        '仅订单已退款的已开具发票可红冲（已开具 -> 已红冲）；red_number 为红字发票号码（可选）。退款时已自动红冲的发票可补录红字发票号码一次。reason 必填。',
      params: idParams,
      body: reverseInvoiceBody,
      data: staffInvoiceSchema,
      message: '已红冲',
    },
    async (request) =>
      shown(
        request,
        await desk.reverse(
          request.params.id,
          request.body.reason,
          request.body.red_number,
          auditActor(request),
        ),
      ),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_INVOICES_API.redLetter)],
    {
      config: write,
      tags,
      summary: '登记红字发票号码',
      description:
        '退款后为已开具发票生成的红字发票（部分退款为退款部分，全额退款为余下部分），在税务系统开具后登记其号码，每张一次。写入操作日志（invoices.reverse）。',
      params: redLetterParams,
      body: redLetterNumberBody,
      data: staffInvoiceSchema,
      message: '已保存',
    },
    (request) =>
      desk.redLetterNumber(
        request.params.id,
        request.params.red_id,
        request.body.number,
        auditActor(request),
      ),
  );

  // Issuing: multipart in a scope of its own, so no other route accepts multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: INVOICE_PDF_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    dataAt(
      scope.withTypeProvider<ZodTypeProvider>(),
      'POST',
      [routePath(STAFF_INVOICES_API.issue)],
      {
        config: write,
        tags,
        summary: '开具发票',
        description:
          'multipart/form-data：字段 number（发票号码，1-40个字符）与文件字段 file（PDF，按文件头判断，不超过5MB）。申请中 -> 已开具，会员经消息中心、推送与邮件收到通知。',
        params: idParams,
        data: staffInvoiceSchema,
        message: '发票已开具',
      },
      async (request) => {
        let pdf: Buffer | null = null;
        let number: unknown;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname === 'file' && pdf === null) pdf = await part.toBuffer();
              else await part.toBuffer();
            } else if (part.fieldname === 'number') number = part.value;
          }
        } catch (error) {
          if (error instanceof AppError) throw error;
          const code = (error as { code?: string }).code ?? '';
          throw (multipartErrors[code] ?? (() => errors.badRequest(MSG.invoicePdfInvalid)))();
        }
        const parsed = invoiceNumberField.safeParse(number);
        if (!parsed.success) throw errors.badRequest(MSG.invoiceNumberInvalid);
        if (!pdf) throw errors.badRequest(MSG.invoicePdfInvalid);
        return shown(request, await desk.issue(request.params.id, parsed.data, pdf, auditActor(request)));
      },
    );
  });
};
