// 内容 › 新闻 in the operator console: the staff routes under /api/admin/content/news/ (config.staff names the
// permission): the articles' list and its .xlsx export, publishing (now or scheduled), editing and withdrawing, each
// change audited inside its own transaction by the news console. No push: members read news in their lists.
import {
  CONTENT_STATES,
  contentWithdrawBody,
  idField,
  MSG,
  newsArticleBody,
  newsQuery,
  STAFF_NEWS_API,
  type StaffNewsArticle,
  shanghaiMinute,
  staffNewsArticleSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope.js';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt, routePath } from '../../lib/routes.js';
import { sendXlsx, XLSX_TYPE, type XlsxColumn } from '../../lib/xlsx.js';
import { auditActor, auditedRows } from '../../plugins/staff-auth.js';
import type { NewsConsole } from './console.js';

const tags = ['staff-content'];
const idParams = z.object({ id: idField() });

const stateName = (key: string) => CONTENT_STATES.find((s) => s.key === key)?.name ?? key;
const timeText = (iso: string | null) => (iso ? shanghaiMinute(iso) : '');

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

export const newsConsoleRoutes: FastifyPluginAsyncZod<{ news: NewsConsole }> = async (app, { news }) => {
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

  app.post(
    STAFF_NEWS_API.list,
    {
      config: { staff: 'content.write' },
      schema: {
        tags,
        summary: '发布新闻（立即或定时）',
        description:
          '正文为纯文本，每行一段；没有 publish_at 或其已过去即立即发布，较晚的时间为定时发布（到时出现在会员的最新发布列表）。不推送。',
        body: newsArticleBody,
        response: { 200: envelope(staffNewsArticleSchema) },
      },
    },
    async (request) => {
      const article = await news.create(request.body, auditActor(request));
      return ok(article, article.state === 'scheduled' ? MSG.contentScheduled : MSG.contentPublished);
    },
  );

  app.put(
    routePath(STAFF_NEWS_API.item),
    {
      config: { staff: 'content.write' },
      schema: {
        tags,
        summary: '修改新闻',
        description:
          '发布前可修改全部字段（改发布时间即改定时）；已发布的可修改标题、来源和正文，发布时间不变；已撤回的不能修改。',
        params: idParams,
        body: newsArticleBody,
        response: { 200: envelope(staffNewsArticleSchema) },
      },
    },
    async (request) =>
      ok(await news.update(request.params.id, request.body, auditActor(request)), MSG.contentSaved),
  );

  app.post(
    routePath(STAFF_NEWS_API.withdraw),
    {
      config: { staff: 'content.write' },
      schema: {
        tags,
        summary: '撤回新闻',
        description: '撤回后会员的最新发布列表与新闻详情都不再显示；定时的不再发布。需要填写原因。',
        params: idParams,
        body: contentWithdrawBody,
        response: { 200: envelope(staffNewsArticleSchema) },
      },
    },
    async (request) =>
      ok(
        await news.withdraw(request.params.id, request.body.reason, auditActor(request)),
        MSG.contentWithdrawDone,
      ),
  );
};
