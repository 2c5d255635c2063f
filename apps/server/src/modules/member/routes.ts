// HTTP for member management: getCusInfo (the plan that applies), getUserInfo (profile) and GetSetmeal (current plan).
import { cusInfoSchema, HOME_API, HOME_STATS_API, memberUserInfoSchema, setmealSchema } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerReads } from '../../lib/caller-reads.js';
import { dataAt } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import type { MemberService } from './service.js';

/** Every path of each call (docs/requirements.md §7; getCusInfo also at the bare member path). */
const MEMBER_PATHS = {
  cusInfo: ['/api/ccw/member/management/getCusInfo/', '/api/ccw/member/getCusInfo/', HOME_STATS_API.cusInfo],
  userInfo: [HOME_API.userInfo],
  setmeal: [HOME_STATS_API.setmeal],
} as const;

export const memberRoutes: FastifyPluginAsyncZod<{ member: MemberService }> = async (app, { member }) => {
  const config = { auth: true };
  const tags = ['member'];

  /** A read of the signed-in account's own membership. */
  const reads = callerReads(app, (request) => currentUser(request).account, { config, tags });

  reads(MEMBER_PATHS.cusInfo, '会员套餐信息', cusInfoSchema, (account) => member.cusInfo(account));
  reads(
    MEMBER_PATHS.userInfo,
    '会员信息（公司、等级、到期时间、所在城市）',
    memberUserInfoSchema,
    (account) => member.userInfo(account),
  );

  dataAt(
    app,
    'GET',
    MEMBER_PATHS.setmeal,
    {
      config: { access: 'packages' },
      tags,
      summary: '当前套餐',
      description: '子账号返回 HTTP 403。',
      data: setmealSchema,
    },
    async (request) => member.setmeal(currentUser(request).account),
  );
};
