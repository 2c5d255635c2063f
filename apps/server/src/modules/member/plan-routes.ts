// HTTP for the member's profile and plan: getUserInfo (member management) and GetSetmeal (home statistics).
import { CODE, HOME_API, HOME_STATS_API, MSG } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { memberUserInfoSchema, setmealSchema, toMemberUserInfo, toSetmeal } from './plan.js';

export const memberPlanRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  app.get(
    HOME_API.userInfo,
    {
      config: { auth: true },
      schema: {
        tags: ['member'],
        summary: '会员信息（公司、等级、到期时间、所在城市）',
        response: { 200: envelope(memberUserInfoSchema) },
      },
    },
    async (request) => ok(toMemberUserInfo(currentUser(request).account, now())),
  );

  app.get(
    HOME_STATS_API.setmeal,
    {
      config: { auth: true },
      schema: {
        tags: ['member'],
        summary: '当前套餐',
        description: '子账号返回 HTTP 403。',
        response: { 200: envelope(setmealSchema) },
      },
    },
    async (request) => {
      const { account } = currentUser(request);
      if (account.isSub) throw new AppError(403, CODE.forbidden, MSG.subAccountNoPackages);
      return ok(toSetmeal(account, now()));
    },
  );
};
