// HTTP for member management: getCusInfo at SPEC.md §7's paths (member management, home statistics) and the bare path.
import { HOME_STATS_API } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { cusInfoSchema, toCusInfo } from './presenter.js';

export const CUS_INFO_PATHS = [
  '/api/ccw/member/management/getCusInfo/',
  '/api/ccw/member/getCusInfo/',
  HOME_STATS_API.cusInfo,
] as const;

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of CUS_INFO_PATHS) {
    app.get(
      url,
      {
        config: { auth: true },
        schema: {
          tags: ['member'],
          summary: '会员套餐信息',
          response: { 200: envelope(cusInfoSchema) },
        },
      },
      async (request) => ok(toCusInfo(currentUser(request).account)),
    );
  }
};
