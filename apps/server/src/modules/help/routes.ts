// HTTP of 帮助中心: the published articles and one article, open to visitors (help before signing in).
import {
  HELP_API,
  helpArticleIdParams,
  helpArticleItemSchema,
  helpArticleQuery,
  helpArticleSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt, routePath } from '../../lib/routes.js';
import type { HelpService } from './service.js';

export const helpRoutes: FastifyPluginAsyncZod<{ help: HelpService }> = async (app, { help }) => {
  const tags = ['help'];

  dataAt(
    app,
    'GET',
    [HELP_API.articles],
    {
      tags,
      summary: '帮助中心文章（已发布，按分类与排序）',
      description:
        '无需登录。q：标题或正文中的任意2-50个字（不区分大小写）；topic：account | payment | invoice | api | customers。' +
        '每篇返回 id、topic、title、excerpt（正文开头，或 q 首次出现处附近的文字）与 updated_at，最多200篇。',
      querystring: helpArticleQuery,
      data: z.array(helpArticleItemSchema),
    },
    (request) => help.list(request.query),
  );

  dataAt(
    app,
    'GET',
    [routePath(HELP_API.article)],
    {
      tags,
      summary: '帮助文章',
      description: '无需登录。content 为服务端净化后的 HTML；未发布或不存在返回 HTTP 404「帮助文章不存在」。',
      params: helpArticleIdParams,
      data: helpArticleSchema,
    },
    (request) => help.article(request.params.id),
  );
};
