// HTTP for the news lists: the latest releases (GetNewsList, subscribe/getNews) and getnewslistmore by page.
import { HOME_API, HOME_STATS_API, type NewsItem } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../plugins/envelope.js';
import { pageSchema, pagingQuery, sizeQuery } from '../member/scope.js';
import { createNewsService } from './service.js';

export const NEWS_PATHS = {
  latest: [HOME_API.subscribeNews, HOME_STATS_API.newsList],
  more: [HOME_API.newsListMore],
} as const;

const newsItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  publish_time: z.string(),
  guid: z.string().optional(),
}) satisfies z.ZodType<NewsItem>;

export const newsRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  const news = createNewsService(app.db, now);
  const config = { auth: true };
  const tags = ['news'];

  for (const url of NEWS_PATHS.latest) {
    app.get(
      url,
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
  }

  for (const url of NEWS_PATHS.more) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '最新发布（分页）',
          querystring: pagingQuery,
          response: { 200: envelope(pageSchema(newsItemSchema).extend({ success: z.boolean() })) },
        },
      },
      async (request) => ok(await news.page(request.query)),
    );
  }
};
