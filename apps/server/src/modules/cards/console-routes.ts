// 卡券 (card batches) in the operator console: the list and its .xlsx, a new batch, the secrets' one-time .xlsx and
// voiding, under /api/admin/ (config.staff names the permission). The rules and the audit rows are console.ts'.
import {
  CARD_BATCH_STATE_TEXT,
  CARD_GRANT_KIND_TEXT,
  type CardBatch,
  cardBatchQuery,
  cardBatchSchema,
  createCardBatchBody,
  reasonBody,
  STAFF_CARDS_API,
  shanghaiSecond,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataAt, routePath } from '../../lib/routes.js';
import { rowsOf, sendXlsx, XLSX_TYPE, type XlsxColumn } from '../../lib/xlsx.js';
import { auditActor } from '../../plugins/staff-auth.js';
import { idParams, staffListAt } from '../../plugins/staff-routes.js';
import type { CardBatches } from './console.js';

const tags = ['console-cards'];
const write = { staff: 'cards.write' } as const;

const BATCH_COLUMNS: readonly XlsxColumn<CardBatch>[] = [
  { header: '批次号', width: 10, value: (b) => b.id },
  { header: '批次名称', width: 24, value: (b) => b.name },
  { header: '发放类型', value: (b) => CARD_GRANT_KIND_TEXT[b.grant_kind] },
  { header: '发放内容', width: 24, value: (b) => b.grant },
  { header: '数量', width: 10, value: (b) => b.count },
  { header: '已兑换', width: 10, value: (b) => b.bound },
  { header: '创建人', value: (b) => b.created_by },
  { header: '创建时间', width: 20, value: (b) => shanghaiSecond(b.created_at) },
  { header: '有效期至', width: 20, value: (b) => shanghaiSecond(b.expires_at) },
  { header: '状态', width: 10, value: (b) => CARD_BATCH_STATE_TEXT[b.status] },
  { header: '卡密已导出', width: 12, value: (b) => (b.exported ? '是' : '否') },
];

interface SecretRow {
  card_no: string;
  card_secret: string;
  bound: boolean;
}
const SECRET_COLUMNS: readonly XlsxColumn<SecretRow>[] = [
  { header: '卡号', width: 22, value: (c) => c.card_no },
  { header: '卡密', width: 22, value: (c) => c.card_secret },
];

export const cardsConsoleRoutes: FastifyPluginAsyncZod<{ batches: CardBatches }> = async (
  app,
  { batches },
) => {
  staffListAt(app, {
    tags,
    filter: cardBatchQuery,
    item: cardBatchSchema,
    list: { url: STAFF_CARDS_API.batches, staff: 'cards.read', summary: '卡券批次（筛选，最新在前）' },
    export: {
      url: STAFF_CARDS_API.batchesExport,
      staff: 'cards.export',
      summary: '导出卡券批次（.xlsx，筛选同列表）',
      audit: 'cards.export_batches',
      name: '卡券批次',
      columns: BATCH_COLUMNS,
    },
    page: batches.list,
    rows: (filter) => ({ at: new Date(), rows: batches.exportRows(filter) }),
  });

  dataAt(
    app,
    'POST',
    [STAFF_CARDS_API.batches],
    {
      config: write,
      tags,
      summary: '新建卡券批次',
      description:
        'grant_kind：plan（grant_gid 套餐、units 年数）、credits（grant_tool 工具、units 次数）、api（units 调用次数，须为API套餐每份次数的整数倍）、coupon（grant_template 优惠券模板）。count 1-10000；expires 为最后可绑定日（YYYY-MM-DD）；reason 必填。卡密加密保存，仅可导出一次。',
      body: createCardBatchBody,
      data: cardBatchSchema,
      message: '批次已创建',
    },
    (request) => {
      const { reason, ...input } = request.body;
      return batches.create(input, auditActor(request), reason);
    },
  );

  app.post(
    routePath(STAFF_CARDS_API.batchSecrets),
    {
      config: { staff: 'cards.export' },
      schema: {
        tags,
        summary: '导出批次卡密（.xlsx，仅一次）',
        description: '返回卡号与卡密的 .xlsx；导出后服务器不再保存卡密，再次导出返回 410。',
        params: idParams,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { batch, cards } = await batches.exportSecrets(request.params.id, auditActor(request));
      return sendXlsx(reply, {
        name: `卡密-批次${batch.id}`,
        at: new Date(),
        sheet: '卡密',
        columns: SECRET_COLUMNS,
        rows: rowsOf(cards),
      });
    },
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_CARDS_API.batchVoid)],
    {
      config: write,
      tags,
      summary: '作废卡券批次',
      description: '未兑换的卡不能再绑定；已兑换的保留已发放的权益。reason 必填。',
      params: idParams,
      body: reasonBody,
      data: cardBatchSchema,
      message: '批次已作废',
    },
    (request) => batches.void(request.params.id, auditActor(request), request.body.reason),
  );
};
