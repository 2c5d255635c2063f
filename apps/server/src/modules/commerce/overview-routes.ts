// 概览 in the operator console: GET /api/admin/overview/ (the period's figures for the cards and charts) and its .xlsx
// export, one row per day. The figures need overview.read, the export overview.export and is audited (its period and
// row count).
import {
  fenToYuan,
  type OverviewDay,
  overviewQuery,
  overviewSchema,
  PAY_CHANNEL_NAMES,
  STAFF_OVERVIEW_API,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataAt } from '../../lib/routes.js';
import { sendXlsx, XLSX_TYPE, type XlsxColumn } from '../../lib/xlsx.js';
import { auditedRows } from '../../plugins/staff-auth.js';
import type { OverviewService } from './overview.js';

const tags = ['staff-overview'];

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
      tags,
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
        tags,
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
