// 内容 in the operator console: the staff routes under /api/admin/content/ (config.staff names the permission): the
// policy items' list and its .xlsx export, publishing (now or scheduled), editing and withdrawing, each change
// audited inside its own transaction by the content console.
import {
  CONTENT_STATES,
  type ContentItem,
  contentItemBody,
  contentItemSchema,
  contentQuery,
  contentWithdrawBody,
  INDUSTRIES,
  idField,
  MSG,
  POLICY_CATEGORIES,
  STAFF_CONTENT_API,
  shanghaiMinute,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope.js';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt, routePath } from '../../lib/routes.js';
import { sendXlsx, XLSX_TYPE, type XlsxColumn } from '../../lib/xlsx.js';
import { auditActor, auditedRows } from '../../plugins/staff-auth.js';
import type { ContentConsole } from './content.js';

const tags = ['staff-content'];
const idParams = z.object({ id: idField() });

const typeName = (key: string) => POLICY_CATEGORIES.find((c) => c.key === key)?.keyname ?? key;
const stateName = (key: string) => CONTENT_STATES.find((s) => s.key === key)?.name ?? key;
const timeText = (iso: string | null) => (iso ? shanghaiMinute(iso) : '');

const CONTENT_COLUMNS: readonly XlsxColumn<ContentItem>[] = [
  { header: '编号', width: 10, value: (r) => r.id },
  { header: '类型', value: (r) => typeName(r.type) },
  { header: '标题', width: 40, value: (r) => r.title },
  { header: '发布部门', width: 24, value: (r) => r.dept },
  { header: '城市代码', value: (r) => r.city ?? '' },
  { header: '区县代码', value: (r) => r.area ?? '' },
  {
    header: '行业',
    width: 20,
    value: (r) => INDUSTRIES.find((i) => i.code === r.industry)?.name ?? '',
  },
  { header: '发布时间', width: 18, value: (r) => timeText(r.publish_at) },
  { header: '截止时间', width: 18, value: (r) => timeText(r.end_at) },
  { header: '状态', value: (r) => stateName(r.state) },
  { header: '推送人数', value: (r) => r.matched ?? '' },
  { header: '撤回时间', width: 18, value: (r) => timeText(r.withdrawn_at) },
  { header: '撤回原因', width: 30, value: (r) => r.withdraw_reason ?? '' },
];

export const contentConsoleRoutes: FastifyPluginAsyncZod<{ content: ContentConsole }> = async (
  app,
  { content },
) => {
  dataAt(
    app,
    'GET',
    [STAFF_CONTENT_API.list],
    {
      config: { staff: 'content.read' },
      tags,
      summary: '内容列表（政策条目，筛选，最新在前）',
      querystring: pagingQuery.extend(contentQuery.shape),
      data: pageSchema(contentItemSchema),
    },
    async (request) => {
      const { page, size, ...query } = request.query;
      return content.page(query, { page, size });
    },
  );

  app.get(
    STAFF_CONTENT_API.export,
    {
      config: { staff: 'content.export' },
      schema: {
        tags,
        summary: '导出内容列表（.xlsx，筛选同内容列表）',
        description: '需要 content.export。写入操作日志（content.export：筛选与行数）。',
        querystring: contentQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { at, rows } = content.exportRows(request.query);
      return sendXlsx(reply, {
        name: '内容',
        at,
        sheet: '内容',
        columns: CONTENT_COLUMNS,
        rows: auditedRows(request, 'content.export', rows),
      });
    },
  );

  app.post(
    STAFF_CONTENT_API.list,
    {
      config: { staff: 'content.write' },
      schema: {
        tags,
        summary: '发布政策条目（立即或定时）',
        description:
          '与 `npm run content -- publish` 相同的字段与规则；没有 publish_at 或其已过去即立即发布，较晚的时间为定时发布。发布后推送给推送设置匹配的会员。',
        body: contentItemBody,
        response: { 200: envelope(contentItemSchema) },
      },
    },
    async (request) => {
      const item = await content.create(request.body, auditActor(request));
      return ok(item, item.state === 'scheduled' ? MSG.contentScheduled : MSG.contentPublished);
    },
  );

  app.put(
    routePath(STAFF_CONTENT_API.item),
    {
      config: { staff: 'content.write' },
      schema: {
        tags,
        summary: '修改政策条目',
        description:
          '发布前可修改全部字段（改发布时间即改定时）；已发布的只能修改标题、发布部门和截止时间；已撤回的不能修改。',
        params: idParams,
        body: contentItemBody,
        response: { 200: envelope(contentItemSchema) },
      },
    },
    async (request) =>
      ok(await content.update(request.params.id, request.body, auditActor(request)), MSG.contentSaved),
  );

  app.post(
    routePath(STAFF_CONTENT_API.withdraw),
    {
      config: { staff: 'content.write' },
      schema: {
        tags,
        summary: '撤回政策条目',
        description:
          '撤回后会员的列表、详情、收藏与申报日历中都不再显示；尚未推送的定时条目不再推送。需要填写原因。',
        params: idParams,
        body: contentWithdrawBody,
        response: { 200: envelope(contentItemSchema) },
      },
    },
    async (request) =>
      ok(
        await content.withdraw(request.params.id, request.body.reason, auditActor(request)),
        MSG.contentWithdrawDone,
      ),
  );
};
