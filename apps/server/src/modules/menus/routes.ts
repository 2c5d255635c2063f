// HTTP for the signed-in user's menu tree: GET /auth/build/menus/.

import { AUTH_API, menuRouteSchema, rootPath } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt } from '../../lib/routes.js';
import { currentUser, memberOf } from '../../plugins/auth.js';
import type { MenusService } from './service.js';

export const menusRoutes: FastifyPluginAsyncZod<{ menus: MenusService }> = async (app, { menus }) => {
  dataAt(
    app,
    'GET',
    [rootPath(AUTH_API.menus)],
    {
      config: { auth: true },
      tags: ['auth'],
      summary: '当前用户的菜单路由树',
      data: z.array(menuRouteSchema),
    },
    (request) => menus.treeFor(currentUser(request).account, memberOf(request).ownerId),
  );
};
