// 订单 in the operator console: the staff routes under /api/admin/ (config.staff names the permission), each change
// audited through `audit` inside its own transaction (commerce/console.ts: transfer.ts and refunds.ts write the row).
// 概览 (overviewConsoleRoutes): GET /api/admin/overview/ (the period's figures for the cards and charts) and its .xlsx
// export, one row per day. The figures need overview.read, the export overview.export and is audited (its period and
// row count).
import {
  channelText,
  confirmTransferBody,
  fenToYuan,
  MSG,
  maskMobile,
  ORDER_STATUS_TEXT,
  type OverviewDay,
  overviewQuery,
  overviewSchema,
  PAY_CHANNEL_NAMES,
  STAFF_ORDERS_API,
  STAFF_OVERVIEW_API,
  type StaffDoublePaid,
  type StaffOrder,
  shanghaiSecond,
  staffDoublePaidSchema,
  staffOfflineRefundBody,
  staffOrderDetailSchema,
  staffOrderParams,
  staffOrderSchema,
  staffOrdersQuery,
  staffRefundBody,
  staffRefundSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt } from '../../lib/routes.js';
import { rowsOf, sendXlsx, XLSX_TYPE, type XlsxColumn } from '../../lib/xlsx.js';
import { auditActor, auditedRows, seesPii } from '../../plugins/staff-auth.js';
import { staffListAt } from '../../plugins/staff-routes.js';
import type { RecordAudit } from '../staff/audit.js';
import type { OverviewService } from './console.js';
import type { CommerceService } from './service.js';

const tags = ['staff-orders'];

const when = (at: string | null) => (at ? shanghaiSecond(at) : '');

/** An order as a role without members.pii sees it: the member's mobile masked. */
const masked = <T extends StaffOrder>(order: T): T => ({ ...order, mobile: maskMobile(order.mobile) });
const maskedDoublePaid = (row: StaffDoublePaid): StaffDoublePaid => ({ ...row, order: masked(row.order) });

const ORDER_COLUMNS: readonly XlsxColumn<StaffOrder>[] = [
  { header: '订单号', width: 24, value: (r) => r.out_trade_no },
  { header: '会员ID', width: 10, value: (r) => r.user_id },
  { header: '会员', value: (r) => r.username },
  { header: '手机', width: 14, value: (r) => r.mobile },
  { header: '套餐', value: (r) => r.plan_name },
  { header: '数量', width: 8, value: (r) => r.count },
  { header: '渠道', width: 10, value: (r) => channelText(r.channel) },
  { header: '金额（元）', width: 12, value: (r) => r.amount },
  { header: '状态', width: 10, value: (r) => ORDER_STATUS_TEXT[r.status] },
  { header: '待退金额（元）', width: 14, value: (r) => r.owed },
  { header: '下单时间', width: 20, value: (r) => when(r.created_at) },
  { header: '支付时间', width: 20, value: (r) => when(r.paid_at) },
];

/** 重复支付: an order's columns and the payments it may be refunded from. */
const DOUBLE_PAID_COLUMNS: readonly XlsxColumn<StaffDoublePaid>[] = [
  ...ORDER_COLUMNS.map((column) => ({ ...column, value: (r: StaffDoublePaid) => column.value(r.order) })),
  {
    header: '可退的重复支付',
    width: 48,
    value: (r) =>
      r.attempts.map((a) => `${a.trade_no}（${channelText(a.provider)} 可退 ${a.refundable} 元）`).join('；'),
  },
];

export const ordersConsoleRoutes: FastifyPluginAsyncZod<{
  commerce: CommerceService;
  audit: RecordAudit;
}> = async (app, { commerce, audit }) => {
  const orders = commerce.console;
  const read = { staff: 'orders.read' } as const;

  staffListAt(app, {
    tags,
    filter: staffOrdersQuery,
    item: staffOrderSchema,
    list: { url: STAFF_ORDERS_API.list, staff: 'orders.read', summary: '订单列表（筛选，最新在前）' },
    export: {
      url: STAFF_ORDERS_API.export,
      staff: 'orders.export',
      summary: '导出订单（.xlsx，筛选同订单列表）',
      audit: 'orders.export',
      name: '订单',
      columns: ORDER_COLUMNS,
    },
    page: orders.page,
    rows: orders.exportRows,
    masked: { row: masked, hides: '手机号' },
  });

  dataAt(
    app,
    'GET',
    [STAFF_ORDERS_API.doublePaid],
    {
      config: read,
      tags,
      summary: '重复支付的订单（多付的款待退，可从中退款）',
      data: z.array(staffDoublePaidSchema),
    },
    async (request) => {
      const rows = await orders.doublePaid();
      return seesPii(request) ? rows : rows.map(maskedDoublePaid);
    },
  );

  app.get(
    STAFF_ORDERS_API.doublePaidExport,
    {
      config: { staff: 'orders.export' },
      schema: { tags, summary: '导出重复支付的订单（.xlsx）', produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const rows = await orders.doublePaid();
      return sendXlsx(reply, {
        name: '重复支付',
        at: new Date(),
        sheet: '重复支付',
        columns: DOUBLE_PAID_COLUMNS,
        rows: auditedRows(
          request,
          'orders.export_double_paid',
          rowsOf(seesPii(request) ? rows : rows.map(maskedDoublePaid)),
        ),
      });
    },
  );

  dataAt(
    app,
    'GET',
    [STAFF_ORDERS_API.detail],
    {
      config: read,
      tags,
      summary: '订单详情（支付记录、渠道通知、会员变更、退款记录）',
      params: staffOrderParams,
      data: staffOrderDetailSchema,
    },
    async (request) => {
      const detail = await orders.detail(request.params.out_trade_no);
      return seesPii(request) ? detail : { ...detail, order: masked(detail.order) };
    },
  );

  dataAt(
    app,
    'POST',
    [STAFF_ORDERS_API.confirmTransfer],
    {
      config: { staff: 'orders.confirm_transfer' },
      tags,
      summary: '确认对公转账到账',
      description: '金额须与订单应付金额一致；每单只能确认一次。写入操作日志（orders.confirm_transfer）。',
      params: staffOrderParams,
      body: confirmTransferBody,
      data: staffOrderSchema,
      message: MSG.ok,
    },
    (request) => {
      const { amount, reason } = request.body;
      const audited = { record: audit, actor: auditActor(request), reason };
      return orders.confirmTransfer(request.params.out_trade_no, amount, audited);
    },
  );

  dataAt(
    app,
    'POST',
    [STAFF_ORDERS_API.refund],
    {
      config: { staff: 'orders.refund' },
      tags,
      summary: '退款（全额或部分；重复支付时指定支付记录）',
      description:
        '全额退还支付订单的那笔款项时收回该订单所购权益：会员时长、次数包的次数（已使用过则不可全额退款）、礼品卡（已有兑换则不可全额退款）。写入操作日志（orders.refund）。',
      params: staffOrderParams,
      body: staffRefundBody,
      data: staffRefundSchema,
    },
    (request) =>
      orders.refund(request.params.out_trade_no, request.body, {
        record: audit,
        actor: auditActor(request),
      }),
  );

  dataAt(
    app,
    'POST',
    [STAFF_ORDERS_API.offlineRefund],
    {
      config: { staff: 'orders.refund' },
      tags,
      summary: '登记线下退款（对公转账订单，经银行退回）',
      description:
        '金额、银行流水号、退款日期（支付日期至今天）与原因；规则同退款：退还全部已付款项（一次或多次部分退款合计）时收回该订单所购权益、订单变为已退款。登记即完成，会员在消息中心收到通知；写入操作日志（orders.refund）。',
      params: staffOrderParams,
      body: staffOfflineRefundBody,
      data: staffRefundSchema,
      message: MSG.ok,
    },
    (request) =>
      orders.offlineRefund(request.params.out_trade_no, request.body, {
        record: audit,
        actor: auditActor(request),
      }),
  );
};

// 概览

const overviewTags = ['staff-overview'];

async function* each<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

export const overviewConsoleRoutes: FastifyPluginAsyncZod<{
  overview: OverviewService;
  now: () => Date;
}> = async (app, { overview, now }) => {
  dataAt(
    app,
    'GET',
    [STAFF_OVERVIEW_API.overview],
    {
      config: { staff: 'overview.read' },
      tags: overviewTags,
      summary: '概览（收入、新会员、付费会员、订单、退款）',
      description: 'from、to 为上海日期 YYYY-MM-DD（含），默认最近30天，最长366天。金额单位为分。',
      querystring: overviewQuery,
      data: overviewSchema,
    },
    async (request) => overview.read(request.query),
  );

  app.get(
    STAFF_OVERVIEW_API.export,
    {
      config: { staff: 'overview.export' },
      schema: {
        tags: overviewTags,
        summary: '导出概览（.xlsx，每天一行）',
        description: '需要 overview.export。写入操作日志（overview.export：期间与行数）。',
        querystring: overviewQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const data = await overview.read(request.query);
      // A column per channel that took money in the period.
      const columns: XlsxColumn<OverviewDay>[] = [
        { header: '日期', width: 12, value: (d) => d.date },
        { header: '收入（元）', width: 14, value: (d) => fenToYuan(d.revenue_fen) },
        ...data.channels.map(
          ({ channel }): XlsxColumn<OverviewDay> => ({
            header: `${PAY_CHANNEL_NAMES[channel] ?? channel}（元）`,
            width: 14,
            value: (d) => fenToYuan(d.by_channel[channel] ?? 0),
          }),
        ),
        { header: '新会员', value: (d) => d.new_members },
        { header: '付费会员', value: (d) => d.paying_members },
        { header: '新订单', value: (d) => d.orders },
        { header: '退款笔数', value: (d) => d.refunds },
        { header: '退款金额（元）', width: 14, value: (d) => fenToYuan(d.refund_fen) },
      ];
      return sendXlsx(reply, {
        name: '概览',
        at: now(),
        sheet: '概览',
        columns,
        rows: auditedRows(request, 'overview.export', each(data.days)),
      });
    },
  );
};
