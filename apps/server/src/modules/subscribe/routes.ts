// HTTP for subscriptions and own publicity: each meaning at every SPEC.md §7 path sharing it.
import { HOME_API, HOME_STATS_API, type OwnPublicityItem, type SubscriptionItem } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuery, sizeQuery, successPageSchema } from '../../lib/paging.js';
import { routeAt } from '../../lib/routes.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { currentMember } from '../member/scope.js';
import type { SubscribeService } from './service.js';

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

export const subscribeRoutes: FastifyPluginAsyncZod<{ subscribe: SubscribeService }> = async (
  app,
  { subscribe },
) => {
  const config = { auth: true };
  const tags = ['subscribe'];

  routeAt(
    app,
    'GET',
    SUBSCRIBE_PATHS.mySubscribe,
    {
      config,
      schema: {
        tags,
        summary: '我的订阅（最新在前）',
        querystring: sizeQuery,
        response: { 200: envelope(z.array(subscriptionSchema)) },
      },
    },
    async (request) => ok(await subscribe.mySubscriptions(currentMember(request), request.query.size)),
  );

  routeAt(
    app,
    'GET',
    SUBSCRIBE_PATHS.myPublicity,
    {
      config,
      schema: {
        tags,
        summary: '我的公示（最新5条）',
        response: { 200: envelope(z.array(ownPublicitySchema)) },
      },
    },
    async (request) => ok(await subscribe.myPublicity(currentMember(request))),
  );

  routeAt(
    app,
    'GET',
    SUBSCRIBE_PATHS.publicityMore,
    {
      config,
      schema: {
        tags,
        summary: '我的公示（分页）',
        querystring: pagingQuery,
        response: { 200: envelope(successPageSchema(ownPublicitySchema)) },
      },
    },
    async (request) => ok(await subscribe.myPublicityPage(currentMember(request), request.query)),
  );
};
