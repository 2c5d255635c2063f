// HTTP for the signed-in user's menu tree: GET /auth/build/menus/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { currentUser } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { menuRouteSchema } from './presenter.js';
import { listMenus } from './repo.js';
import { buildMenuTree } from './tree.js';

export const menusRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/auth/build/menus/',
    {
      config: { auth: true },
      schema: {
        tags: ['auth'],
        summary: '当前用户的菜单路由树',
        response: { 200: envelope(z.array(menuRouteSchema)) },
      },
    },
    async (request) => {
      const { account } = currentUser(request);
      const tree = buildMenuTree(await listMenus(db), {
        level: account.membership.level,
        isSub: account.isSub,
      });
      return ok(tree);
    },
  );
};
