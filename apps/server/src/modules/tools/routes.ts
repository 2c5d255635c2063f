// HTTP for 我的工具 and the credit packs' prices (SPEC.md §7 /saastools calls).
import { creditPackSchema, myToolSchema, packPricesQuery, TOOLS_API } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, memberOf } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import type { ToolsService } from './service.js';

export const toolsRoutes: FastifyPluginAsyncZod<{ tools: ToolsService }> = async (app, { tools }) => {
  const config = { auth: true } as const;
  const tags = ['tools'];

  app.get(
    TOOLS_API.mine,
    {
      config,
      schema: {
        tags,
        summary: '我的工具（套餐包含或按次购买；子账号看主账号的）',
        response: { 200: envelope(z.array(myToolSchema)) },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const { membership } = currentUser(request).account;
      return ok(
        await tools.mine({ ownerId: member.ownerId, level: member.level, planExpiry: membership.expiredAt }),
      );
    },
  );

  app.get(
    TOOLS_API.packPrices,
    {
      config,
      schema: {
        tags,
        summary: '工具次数包价格',
        querystring: packPricesQuery,
        response: { 200: envelope(z.array(creditPackSchema)) },
      },
    },
    async (request) => ok(await tools.packs(request.query.tool)),
  );
};
