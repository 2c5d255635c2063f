// HTTP for the news lists: the latest releases (GetNewsList, subscribe/getNews) and getnewslistmore by page.
import { HOME_API, HOME_STATS_API, newsItemSchema } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope.js';
import { pagingQuery, sizeQuery, successPageSchema } from '../../lib/paging.js';
import { routeAt } from '../../lib/routes.js';
import type { NewsService } from './service.js';

export const NEWS_PATHS = {
  latest: [HOME_API.subscribeNews, HOME_STATS_API.newsList],
  more: [HOME_API.newsListMore],
} as const;

export const newsRoutes: FastifyPluginAsyncZod<{ news: NewsService }> = async (app, { news }) => {
  const config = { auth: true };
  const tags = ['news'];

  routeAt(
    app,
    'GET',
    NEWS_PATHS.latest,
    {
      config,
      schema: {
        tags,
        summary: '最新发布（最新在前）',
        querystring: sizeQuery,
        response: { 200: envelope(z.array(newsItemSchema)) },
      },
    },
    async (request) => ok(await news.latest(request.query.size)),
  );

  routeAt(
    app,
    'GET',
    NEWS_PATHS.more,
    {
      config,
      schema: {
        tags,
        summary: '最新发布（分页）',
        querystring: pagingQuery,
        response: { 200: envelope(successPageSchema(newsItemSchema)) },
      },
    },
    async (request) => ok(await news.page(request.query)),
  );
};
