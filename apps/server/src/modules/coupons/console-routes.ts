// 优惠券 (coupon templates and issuing) in the operator console: list, create, edit, stop and issue to members, under
// /api/admin/ (config.staff names the permission). The rules and the audit rows are console.ts'.
import {
  COUPON_KIND_TEXT,
  COUPON_TEMPLATE_STATE_TEXT,
  type CouponTemplate,
  couponTemplateBody,
  couponTemplateQuery,
  couponTemplateSchema,
  issueCouponsBody,
  issueCouponsResultSchema,
  reasonBody,
  STAFF_CARDS_API,
  shanghaiSecond,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataAt, routePath } from '../../lib/routes.js';
import type { XlsxColumn } from '../../lib/xlsx.js';
import { auditActor } from '../../plugins/staff-auth.js';
import { idParams, staffListAt } from '../../plugins/staff-routes.js';
import type { CouponTemplates } from './console.js';

const tags = ['console-coupons'];
const write = { staff: 'cards.write' } as const;
const RULES =
  'kind：full_reduction 满减（threshold 门槛、amount 减额，元）、discount 折扣（percent 实付百分比 1-99，cap 最高减额）、voucher 代金券（amount）；有效期 valid_days（领取后天数）或 valid_until（截止日，可配 valid_from）二选一；plans 适用套餐 gid（不填为全部）；total_count 总量、take_limit 每人限领；reason 必填。';

const TEMPLATE_COLUMNS: readonly XlsxColumn<CouponTemplate>[] = [
  { header: '模板编号', width: 10, value: (t) => t.id },
  { header: '名称', width: 24, value: (t) => t.name },
  { header: '类型', width: 10, value: (t) => COUPON_KIND_TEXT[t.kind] },
  { header: '规则', width: 24, value: (t) => t.rule },
  { header: '适用范围', width: 24, value: (t) => t.scope },
  {
    header: '有效期',
    width: 30,
    value: (t) =>
      t.valid_days !== null ? `领取后${t.valid_days}天` : `${t.valid_start ?? ''} 至 ${t.valid_end ?? ''}`,
  },
  { header: '总量', width: 10, value: (t) => t.total_count ?? '不限' },
  { header: '每人限领', width: 10, value: (t) => t.take_limit ?? '不限' },
  { header: '已发放', width: 10, value: (t) => t.issued_count },
  { header: '注册即发', width: 10, value: (t) => (t.on_register ? '是' : '否') },
  { header: '状态', width: 10, value: (t) => COUPON_TEMPLATE_STATE_TEXT[t.status] },
  { header: '创建时间', width: 20, value: (t) => shanghaiSecond(t.created_at) },
];

export const couponsConsoleRoutes: FastifyPluginAsyncZod<{ templates: CouponTemplates }> = async (
  app,
  { templates },
) => {
  staffListAt(app, {
    tags,
    filter: couponTemplateQuery,
    item: couponTemplateSchema,
    list: { url: STAFF_CARDS_API.templates, staff: 'cards.read', summary: '优惠券模板（最新在前）' },
    export: {
      url: STAFF_CARDS_API.templatesExport,
      staff: 'cards.export',
      summary: '导出优惠券模板（.xlsx，筛选同列表）',
      audit: 'coupons.export_templates',
      name: '优惠券模板',
      columns: TEMPLATE_COLUMNS,
    },
    page: templates.list,
    rows: (filter) => ({ at: new Date(), rows: templates.exportRows(filter) }),
  });

  dataAt(
    app,
    'POST',
    [STAFF_CARDS_API.templates],
    {
      config: write,
      tags,
      summary: '新建优惠券模板',
      description: RULES,
      body: couponTemplateBody,
      data: couponTemplateSchema,
      message: '模板已创建',
    },
    (request) => templates.create(request.body, auditActor(request), request.body.reason),
  );

  dataAt(
    app,
    'PUT',
    [routePath(STAFF_CARDS_API.template)],
    {
      config: write,
      tags,
      summary: '编辑优惠券模板',
      description: `${RULES}已发放的券保留原规则；总量不能少于已发放数。`,
      params: idParams,
      body: couponTemplateBody,
      data: couponTemplateSchema,
      message: '模板已保存',
    },
    (request) => templates.update(request.params.id, request.body, auditActor(request), request.body.reason),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_CARDS_API.templateDisable)],
    {
      config: write,
      tags,
      summary: '停用优惠券模板',
      description: '不再发放；已发放的券仍可使用。reason 必填。',
      params: idParams,
      body: reasonBody,
      data: couponTemplateSchema,
      message: '模板已停用',
    },
    (request) => templates.disable(request.params.id, auditActor(request), request.body.reason),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_CARDS_API.templateIssue)],
    {
      config: write,
      tags,
      summary: '发放优惠券',
      description:
        'members：1-1000 个会员用户名或ID（主账号），每人一张，受总量与每人限领约束；返回发放数与跳过的会员及原因。reason 必填。',
      params: idParams,
      body: issueCouponsBody,
      data: issueCouponsResultSchema,
      message: '发放完成',
    },
    (request) =>
      templates.issue(request.params.id, request.body.members, auditActor(request), request.body.reason),
  );
};
