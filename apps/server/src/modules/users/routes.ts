// HTTP for the signed-in user's own profile: GET /auth/info/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { toUserInfo, userInfoSchema } from './presenter.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/info/',
    {
      config: { auth: true },
      schema: {
        tags: ['auth'],
        summary: '当前用户信息',
        response: { 200: envelope(userInfoSchema) },
      },
    },
    async (request) => ok(toUserInfo(currentUser(request).account)),
  );
};
