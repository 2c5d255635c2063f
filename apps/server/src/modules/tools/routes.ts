// HTTP for 我的工具 and the credit packs' prices (docs/requirements.md §7 /saastools calls).

import { creditPackSchema, myToolSchema, TOOLS_API, toolLaunchSchema, toolQuery } from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt } from '../../lib/routes.js';
import { currentUser, memberOf } from '../../plugins/auth.js';
import type { ToolsService, ToolUser } from './service.js';

/** The account asking, with its holder's plan: a sub-account's tools are its main account's. */
function toolUser(request: FastifyRequest): ToolUser {
  const member = memberOf(request);
  const { account } = currentUser(request);
  return {
    ownerId: member.ownerId,
    level: member.level,
    planExpiry: account.membership.expiredAt,
    userId: account.id,
    username: account.username,
  };
}

export const toolsRoutes: FastifyPluginAsyncZod<{ tools: ToolsService }> = async (app, { tools }) => {
  const config = { auth: true } as const;
  const tags = ['tools'];

  dataAt(
    app,
    'GET',
    [TOOLS_API.mine],
    {
      config,
      tags,
      summary: '我的工具（套餐包含或按次购买；子账号看主账号的）',
      data: z.array(myToolSchema),
    },
    (request) => tools.mine(toolUser(request)),
  );

  dataAt(
    app,
    'GET',
    [TOOLS_API.launch],
    {
      config,
      tags,
      summary: '打开外部工具：工具地址加一次性短期登录票据（uc_ticket）',
      querystring: toolQuery,
      data: toolLaunchSchema,
    },
    async (request) => ({ url: await tools.launch(toolUser(request), request.query.tool) }),
  );

  dataAt(
    app,
    'GET',
    [TOOLS_API.packPrices],
    {
      config,
      tags,
      summary: '工具次数包价格',
      querystring: toolQuery,
      data: z.array(creditPackSchema),
    },
    (request) => tools.packs(request.query.tool),
  );
};
