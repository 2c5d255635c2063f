// 帮助文章 in the operator console (permission help.write): the list by topic, one article, creating, saving (HTML
// sanitized, what was removed answered) and deleting, each audited by console.ts.
import {
  helpArticleBody,
  MSG,
  STAFF_HELP_API,
  staffHelpArticleItemSchema,
  staffHelpArticleSchema,
  staffHelpQuery,
  staffReasonBody,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt, routePath } from '../../lib/routes.js';
import { auditActor } from '../../plugins/staff-auth.js';
import { idParams } from '../../plugins/staff-routes.js';
import type { HelpDesk } from './console.js';

const tags = ['console-help'];
const config = { staff: 'help.write' } as const;
const bodyDescription =
  'JSON：topic（account | payment | invoice | api | customers）、title（1-100个字符）、content（HTML，保存时按白名单净化，' +
  '答复的 removed 列出被删除的标签、属性或链接）、published（默认 true）、sort（0-9999，默认0，同分类内小的在前）。';

export const helpConsoleRoutes: FastifyPluginAsyncZod<{ desk: HelpDesk }> = async (app, { desk }) => {
  dataAt(
    app,
    'GET',
    [STAFF_HELP_API.list],
    {
      config,
      tags,
      summary: '帮助文章（筛选，按分类与排序）',
      querystring: pagingQuery.extend(staffHelpQuery.shape),
      data: pageSchema(staffHelpArticleItemSchema),
    },
    (request) => {
      const { page, size, ...query } = request.query;
      return desk.list(query, { page, size });
    },
  );

  dataAt(
    app,
    'GET',
    [routePath(STAFF_HELP_API.item)],
    { config, tags, summary: '帮助文章详情', params: idParams, data: staffHelpArticleSchema },
    (request) => desk.detail(request.params.id),
  );

  dataAt(
    app,
    'POST',
    [STAFF_HELP_API.list],
    {
      config,
      tags,
      summary: '新建帮助文章',
      description: `${bodyDescription}写入操作日志（help.create）。`,
      body: helpArticleBody,
      data: staffHelpArticleSchema,
      message: MSG.contentSaved,
    },
    (request) => desk.create(request.body, auditActor(request)),
  );

  dataAt(
    app,
    'PUT',
    [routePath(STAFF_HELP_API.item)],
    {
      config,
      tags,
      summary: '保存帮助文章',
      description: `${bodyDescription}写入操作日志（help.update，修改前后）。`,
      params: idParams,
      body: helpArticleBody,
      data: staffHelpArticleSchema,
      message: MSG.contentSaved,
    },
    (request) => desk.update(request.params.id, request.body, auditActor(request)),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_HELP_API.delete)],
    {
      config,
      tags,
      summary: '删除帮助文章',
      description: 'JSON：reason（必填）。写入操作日志（help.delete，删除前的标题与分类）。',
      params: idParams,
      body: staffReasonBody,
      data: z.null(),
      message: '已删除',
    },
    async (request) => {
      await desk.remove(request.params.id, request.body.reason, auditActor(request));
      return null;
    },
  );
};
