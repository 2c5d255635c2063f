// HTTP for the news lists: the latest releases (GetNewsList, subscribe/getNews) and getnewslistmore by page.
import { HOME_API, HOME_STATS_API, newsItemSchema } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuery, sizeQuery, successPageSchema } from '../../lib/paging.js';
import { dataAt } from '../../lib/routes.js';
import type { NewsService } from './service.js';

export const NEWS_PATHS = {
  latest: [HOME_API.subscribeNews, HOME_STATS_API.newsList],
  more: [HOME_API.newsListMore],
} as const;

export const newsRoutes: FastifyPluginAsyncZod<{ news: NewsService }> = async (app, { news }) => {
  const config = { auth: true };
  const tags = ['news'];

  dataAt(
    app,
    'GET',
    NEWS_PATHS.latest,
    { config, tags, summary: '最新发布（最新在前）', querystring: sizeQuery, data: z.array(newsItemSchema) },
    (request) => news.latest(request.query.size),
  );

  dataAt(
    app,
    'GET',
    NEWS_PATHS.more,
    {
      config,
      tags,
      summary: '最新发布（分页）',
      querystring: pagingQuery,
      data: successPageSchema(newsItemSchema),
    },
    (request) => news.page(request.query),
  );
};
