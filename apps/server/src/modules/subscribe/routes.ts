// HTTP for subscriptions and own publicity: each meaning at every SPEC.md §7 path sharing it.
import { HOME_API, HOME_STATS_API, type OwnPublicityItem, type SubscriptionItem } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { memberOf, pageSchema, pagingQuery, sizeQuery } from '../member/scope.js';
import { createSubscribeService } from './service.js';

export const SUBSCRIBE_PATHS = {
  mySubscribe: [HOME_API.mySubscribe, HOME_API.subscribeMine],
  myPublicity: [HOME_API.myPublicity, HOME_API.subscribeMyPublicity, HOME_STATS_API.publicityByCompany],
  publicityMore: [HOME_API.publicityMore],
} as const;

const subscriptionSchema = z.object({
  id: z.number(),
  title: z.string(),
}) satisfies z.ZodType<SubscriptionItem>;

const ownPublicitySchema = z.object({
  id: z.number(),
  title: z.string(),
  title2: z.string(),
  dept_name: z.string(),
  publish_time: z.string(),
}) satisfies z.ZodType<OwnPublicityItem>;

export const subscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSubscribeService(app.db);
  const config = { auth: true };
  const tags = ['subscribe'];

  for (const url of SUBSCRIBE_PATHS.mySubscribe) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '我的订阅（最新在前）',
          querystring: sizeQuery,
          response: { 200: envelope(z.array(subscriptionSchema)) },
        },
      },
      async (request) =>
        ok(await service.mySubscriptions(memberOf(currentUser(request).account), request.query.size)),
    );
  }

  for (const url of SUBSCRIBE_PATHS.myPublicity) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '我的公示（最新5条）',
          response: { 200: envelope(z.array(ownPublicitySchema)) },
        },
      },
      async (request) => ok(await service.myPublicity(memberOf(currentUser(request).account))),
    );
  }

  for (const url of SUBSCRIBE_PATHS.publicityMore) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '我的公示（分页）',
          querystring: pagingQuery,
          response: { 200: envelope(pageSchema(ownPublicitySchema).extend({ success: z.boolean() })) },
        },
      },
      async (request) =>
        ok(await service.myPublicityPage(memberOf(currentUser(request).account), request.query)),
    );
  }
};
