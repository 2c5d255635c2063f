// 内容 in the operator console: the staff routes under /api/admin/content/ (config.staff names the permission): the
// policy items' and the news articles' lists and their .xlsx exports, publishing (now or scheduled), editing and
// withdrawing, each change audited inside its own transaction by the content service. A policy item is pushed to the
// members whose push settings match; news is not pushed (members read it in their lists).
import {
  CONTENT_STATES,
  type ContentItem,
  contentItemBody,
  contentItemDetailSchema,
  contentItemSchema,
  contentQuery,
  contentWithdrawBody,
  INDUSTRIES,
  MSG,
  newsArticleBody,
  newsQuery,
  type Page,
  POLICY_CATEGORIES,
  STAFF_CONTENT_API,
  STAFF_NEWS_API,
  type StaffAction,
  type StaffNewsArticle,
  shanghaiMinute,
  staffNewsArticleSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Paging } from '../../lib/paging.js';
import { answer, dataAt, routePath, type ZodApp } from '../../lib/routes.js';
import type { XlsxColumn } from '../../lib/xlsx.js';
import { type AuditActor, auditActor } from '../../plugins/staff-auth.js';
import { idParams, staffListAt } from '../../plugins/staff-routes.js';
import type { Publisher } from './publisher.js';
import type { ContentService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes policy items and pushes them to matching members (the content command and tests use it). */
    publisher: Publisher;
  }
}

const tags = ['staff-content'];

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

/** What the 政策 and 新闻 sections differ in: their paths, schemas, console, export and texts. */
interface Kind<
  F extends z.ZodObject,
  B extends z.ZodType,
  I extends z.ZodType,
  D extends z.ZodType,
  T extends z.input<I> & { state: string },
> {
  api: Record<'list' | 'export' | 'item' | 'withdraw', string>;
  filter: F;
  body: B;
  item: I;
  /** What a write answers (the item with its content). */
  detail: D;
  service: {
    page(filter: z.output<F>, paging: Paging): Promise<Page<T>>;
    exportRows(filter: z.output<F>): { at: Date; rows: AsyncIterable<T> };
    create(body: z.output<B>, actor: AuditActor): Promise<z.input<D> & { state: string }>;
    update(id: number, body: z.output<B>, actor: AuditActor): Promise<z.input<D>>;
    withdraw(id: number, reason: string, actor: AuditActor): Promise<T>;
  };
  /** The export's audit action, file (and sheet) name and columns. */
  file: { audit: StaffAction; name: string; columns: readonly XlsxColumn<T>[] };
  summary: { list: string; export: string; create: string; update: string; withdraw: string };
  description: { create: string; update: string; withdraw: string };
}

/** Registers one kind's list and export, publishing, editing and withdrawing. */
function kindRoutes<
  const F extends z.ZodObject,
  const B extends z.ZodType,
  const I extends z.ZodType,
  const D extends z.ZodType,
  T extends z.input<I> & { state: string },
>(
  app: ZodApp,
  { api, filter, body, item, detail, service, file, summary, description }: Kind<F, B, I, D, T>,
): void {
  const write = { staff: 'content.write' } as const;
  staffListAt(app, {
    tags,
    filter,
    item,
    list: { url: api.list, staff: 'content.read', summary: summary.list },
    export: { url: api.export, staff: 'content.export', summary: summary.export, ...file },
    page: service.page,
    rows: service.exportRows,
  });

  dataAt(
    app,
    'POST',
    [api.list],
    { config: write, tags, summary: summary.create, description: description.create, body, data: detail },
    async (request) => {
      const created = await service.create(request.body as z.output<B>, auditActor(request));
      return answer(created, created.state === 'scheduled' ? MSG.contentScheduled : MSG.contentPublished);
    },
  );

  dataAt(
    app,
    'PUT',
    [routePath(api.item)],
    {
      config: write,
      tags,
      summary: summary.update,
      description: description.update,
      params: idParams,
      body,
      data: detail,
      message: MSG.contentSaved,
    },
    (request) => service.update(request.params.id, request.body as z.output<B>, auditActor(request)),
  );

  dataAt(
    app,
    'POST',
    [routePath(api.withdraw)],
    {
      config: write,
      tags,
      summary: summary.withdraw,
      description: description.withdraw,
      params: idParams,
      body: contentWithdrawBody,
      data: item,
      message: MSG.contentWithdrawDone,
    },
    (request) => service.withdraw(request.params.id, request.body.reason, auditActor(request)),
  );
}

export const contentConsoleRoutes: FastifyPluginAsyncZod<{
  content: Pick<ContentService, 'items' | 'news'>;
}> = async (app, { content: { items, news } }) => {
  dataAt(
    app,
    'GET',
    [routePath(STAFF_CONTENT_API.item)],
    {
      config: { staff: 'content.read' },
      tags,
      summary: '政策条目详情（含正文、附件与公示名单）',
      params: idParams,
      data: contentItemDetailSchema,
    },
    (request) => items.item(request.params.id),
  );

  kindRoutes(app, {
    api: STAFF_CONTENT_API,
    filter: contentQuery,
    body: contentItemBody,
    item: contentItemSchema,
    detail: contentItemDetailSchema,
    service: items,
    file: { audit: 'content.export', name: '内容', columns: CONTENT_COLUMNS },
    summary: {
      list: '内容列表（政策条目，筛选，最新在前）',
      export: '导出内容列表（.xlsx，筛选同内容列表）',
      create: '发布政策条目（立即或定时）',
      update: '修改政策条目',
      withdraw: '撤回政策条目',
    },
    description: {
      create:
        '与 `npm run content -- publish` 相同的字段与规则，另有 content（正文 HTML，保存前按允许列表清理）、attachments（已上传文件的 id，按顺序）、doc_no（文号）、source_url（原文链接）与 publicity（公示公告的公示名单）；没有 publish_at 或其已过去即立即发布，较晚的时间为定时发布。发布后推送给推送设置匹配的会员。',
      update:
        '发布前可修改全部字段（改发布时间即改定时）；已发布的可修改标题、发布部门、截止时间、正文、文号、原文链接、附件与公示名单，类型、地区、行业与发布时间不变；已撤回的不能修改。content 保存前按允许列表清理；不传的 content、attachments、doc_no、source_url、publicity 保持不变。',
      withdraw:
        '撤回后会员的列表、详情、收藏与申报日历中都不再显示；尚未推送的定时条目不再推送。需要填写原因。',
    },
  });

  kindRoutes(app, {
    api: STAFF_NEWS_API,
    filter: newsQuery,
    body: newsArticleBody,
    item: staffNewsArticleSchema,
    detail: staffNewsArticleSchema,
    service: news,
    file: { audit: 'content.news_export', name: '新闻', columns: NEWS_COLUMNS },
    summary: {
      list: '新闻列表（筛选，最新在前）',
      export: '导出新闻列表（.xlsx，筛选同新闻列表）',
      create: '发布新闻（立即或定时）',
      update: '修改新闻',
      withdraw: '撤回新闻',
    },
    description: {
      create:
        '正文为 HTML（保存前按允许列表清理）；没有 publish_at 或其已过去即立即发布，较晚的时间为定时发布（到时出现在会员的最新发布列表）。不推送。',
      update:
        '发布前可修改全部字段（改发布时间即改定时）；已发布的可修改标题、来源和正文，发布时间不变；已撤回的不能修改。',
      withdraw: '撤回后会员的最新发布列表与新闻详情都不再显示；定时的不再发布。需要填写原因。',
    },
  });
};
