// HTTP for the login page's policy totals (public).

import { ACCOUNT_API, policyCountItemSchema } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt } from '../../lib/routes.js';
import { type AccountRoutesOptions, tags } from './route-common.js';

export const policyCountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { account }) => {
  dataAt(
    app,
    'GET',
    [ACCOUNT_API.policyCount],
    {
      tags,
      summary: '政策数量统计（登录页）',
      description: '已发布的政策条目总数，按类型：sbtz 申报通知、gsgg 公示公告、zcdt 政策动态。',
      data: z.array(policyCountItemSchema),
    },
    () => account.policyCounts(),
  );
};
