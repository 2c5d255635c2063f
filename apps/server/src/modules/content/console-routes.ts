// 内容 in the operator console: the staff routes under /api/admin/content/ (config.staff names the permission): the
// policy items' and the news articles' lists and their .xlsx exports, publishing (now or scheduled), editing and
// withdrawing, each change audited inside its own transaction by the content console. A policy item is pushed to the
// members whose push settings match; news is not pushed (members read it in their lists).
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
  newsArticleBody,
  newsQuery,
  POLICY_CATEGORIES,
  STAFF_CONTENT_API,
  STAFF_NEWS_API,
  type StaffNewsArticle,
  shanghaiMinute,
  staffNewsArticleSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { answer, dataAt, routePath } from '../../lib/routes.js';
import { sendXlsx, XLSX_TYPE, type XlsxColumn } from '../../lib/xlsx.js';
import { auditActor, auditedRows } from '../../plugins/staff-auth.js';
import type { Publisher } from './publisher.js';
import type { ContentService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes policy items and pushes them to matching members (the content command and tests use it). */
    publisher: Publisher;
  }
}

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

const NEWS_COLUMNS: readonly XlsxColumn<StaffNewsArticle>[] = [
  { header: '编号', width: 10, value: (r) => r.id },
  { header: '标题', width: 40, value: (r) => r.title },
  { header: '来源', width: 24, value: (r) => r.source },
  { header: '发布时间', width: 18, value: (r) => timeText(r.publish_at) },
  { header: '状态', value: (r) => stateName(r.state) },
  { header: '撤回时间', width: 18, value: (r) => timeText(r.withdrawn_at) },
  { header: '撤回原因', width: 30, value: (r) => r.withdraw_reason ?? '' },
  { header: 'GUID', width: 34, value: (r) => r.guid },
  { header: '正文', width: 60, value: (r) => r.content },
];

export const contentConsoleRoutes: FastifyPluginAsyncZod<{
  content: Pick<ContentService, 'items' | 'news'>;
}> = async (app, { content: { items: content, news } }) => {
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

  dataAt(
    app,
    'POST',
    [STAFF_CONTENT_API.list],
    {
      config: { staff: 'content.write' },
      tags,
      summary: '发布政策条目（立即或定时）',
      description:
        '与 `npm run content -- publish` 相同的字段与规则；没有 publish_at 或其已过去即立即发布，较晚的时间为定时发布。发布后推送给推送设置匹配的会员。',
      body: contentItemBody,
      data: contentItemSchema,
    },
    async (request) => {
      const item = await content.create(request.body, auditActor(request));
      return answer(item, item.state === 'scheduled' ? MSG.contentScheduled : MSG.contentPublished);
    },
  );

  dataAt(
    app,
    'PUT',
    [routePath(STAFF_CONTENT_API.item)],
    {
      config: { staff: 'content.write' },
      tags,
      summary: '修改政策条目',
      description:
        '发布前可修改全部字段（改发布时间即改定时）；已发布的只能修改标题、发布部门和截止时间；已撤回的不能修改。',
      params: idParams,
      body: contentItemBody,
      data: contentItemSchema,
      message: MSG.contentSaved,
    },
    (request) => content.update(request.params.id, request.body, auditActor(request)),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_CONTENT_API.withdraw)],
    {
      config: { staff: 'content.write' },
      tags,
      summary: '撤回政策条目',
      description:
        '撤回后会员的列表、详情、收藏与申报日历中都不再显示；尚未推送的定时条目不再推送。需要填写原因。',
      params: idParams,
      body: contentWithdrawBody,
      data: contentItemSchema,
      message: MSG.contentWithdrawDone,
    },
    (request) => content.withdraw(request.params.id, request.body.reason, auditActor(request)),
  );

  // ---- 新闻

  dataAt(
    app,
    'GET',
    [STAFF_NEWS_API.list],
    {
      config: { staff: 'content.read' },
      tags,
      summary: '新闻列表（筛选，最新在前）',
      querystring: pagingQuery.extend(newsQuery.shape),
      data: pageSchema(staffNewsArticleSchema),
    },
    async (request) => {
      const { page, size, ...query } = request.query;
      return news.page(query, { page, size });
    },
  );

  app.get(
    STAFF_NEWS_API.export,
    {
      config: { staff: 'content.export' },
      schema: {
        tags,
        summary: '导出新闻列表（.xlsx，筛选同新闻列表）',
        description: '需要 content.export。写入操作日志（content.news_export：筛选与行数）。',
        querystring: newsQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { at, rows } = news.exportRows(request.query);
      return sendXlsx(reply, {
        name: '新闻',
        at,
        sheet: '新闻',
        columns: NEWS_COLUMNS,
        rows: auditedRows(request, 'content.news_export', rows),
      });
    },
  );

  dataAt(
    app,
    'POST',
    [STAFF_NEWS_API.list],
    {
      config: { staff: 'content.write' },
      tags,
      summary: '发布新闻（立即或定时）',
      description:
        '正文为纯文本，每行一段；没有 publish_at 或其已过去即立即发布，较晚的时间为定时发布（到时出现在会员的最新发布列表）。不推送。',
      body: newsArticleBody,
      data: staffNewsArticleSchema,
    },
    async (request) => {
      const article = await news.create(request.body, auditActor(request));
      return answer(article, article.state === 'scheduled' ? MSG.contentScheduled : MSG.contentPublished);
    },
  );

  dataAt(
    app,
    'PUT',
    [routePath(STAFF_NEWS_API.item)],
    {
      config: { staff: 'content.write' },
      tags,
      summary: '修改新闻',
      description:
        '发布前可修改全部字段（改发布时间即改定时）；已发布的可修改标题、来源和正文，发布时间不变；已撤回的不能修改。',
      params: idParams,
      body: newsArticleBody,
      data: staffNewsArticleSchema,
      message: MSG.contentSaved,
    },
    (request) => news.update(request.params.id, request.body, auditActor(request)),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_NEWS_API.withdraw)],
    {
      config: { staff: 'content.write' },
      tags,
      summary: '撤回新闻',
      description: '撤回后会员的最新发布列表与新闻详情都不再显示；定时的不再发布。需要填写原因。',
      params: idParams,
      body: contentWithdrawBody,
      data: staffNewsArticleSchema,
      message: MSG.contentWithdrawDone,
    },
    (request) => news.withdraw(request.params.id, request.body.reason, auditActor(request)),
  );
};
