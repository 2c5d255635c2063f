// HTTP for the notice search: policy items, publicity and news in one list (signed-in members).
import { inDateOrder, SEARCH_API, SEARCH_TOTAL_CAP, searchPageSchema, searchQueryFields } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuery } from '../../lib/paging.js';
import { dataAt } from '../../lib/routes.js';
import type { SearchService } from './service.js';

const searchPagedQuery = inDateOrder(z.object({ ...searchQueryFields, ...pagingQuery.shape }));

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  dataAt(
    app,
    'GET',
    [SEARCH_API.search],
    {
      config: { auth: true },
      tags: ['search'],
      summary: '搜索政策、公示与新闻（标题和正文的任意词）',
      description:
        'q 为2-50个字，多个关键词用空格分开（须全部出现）；标题或正文中任意2个字以上的片段都能搜到，英文不区分大小写。' +
        'type 为 sbtz/gsgg/zcdt/news；city 为城市代码（该市及全省的内容）；dept 为部门（新闻的来源）中的片段；' +
        'from/to 为发布日期（北京时间，含当天）；open=1 只看未截止的申报通知。标题命中的在前，其余按发布时间最新在前；' +
        `total 最多计到${SEARCH_TOTAL_CAP}（capped 为 true 表示更多，请增加关键词缩小范围）。title_html 与 excerpt_html 为转义后的文本，` +
        '只有命中的词包在 <mark> 中。',
      querystring: searchPagedQuery,
      data: searchPageSchema,
    },
    (request) => search.search(request.query, request.query),
  );
};
