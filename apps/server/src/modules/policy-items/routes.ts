// HTTP of one policy item opened from a list (政策详情), the member's favourites (收藏) and 申报日历. Any signed-in
// member; a sub-account reads and changes its main account's favourites.
import {
  CALENDAR_MONTH,
  idField,
  MSG,
  POLICY_ITEM_API,
  policyCalendarSchema,
  policyFavouriteBody,
  policyFavouriteItemSchema,
  policyFavouriteStateSchema,
  policyItemDetailSchema,
  policyPublicityQuery,
  publicityRowSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt } from '../../lib/routes.js';
import { memberOf } from '../../plugins/auth.js';
import type { Reminders } from './reminders.js';
import type { PolicyItemsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The 申报提醒 job (tests run a pass with `tick`). */
    reminders: Reminders;
  }
}

const detailQuery = z.object({ id: idField(MSG.policyItemInvalid) });
const calendarQuery = z.object({
  month: z
    .string({ error: MSG.calendarMonthInvalid })
    .regex(CALENDAR_MONTH, MSG.calendarMonthInvalid)
    .optional(),
});

export const policyItemsRoutes: FastifyPluginAsyncZod<{ policyItems: PolicyItemsService }> = async (
  app,
  { policyItems },
) => {
  const config = { auth: true };
  const tags = ['policy-items'];

  dataAt(
    app,
    'GET',
    [POLICY_ITEM_API.detail],
    {
      config,
      tags,
      summary: '政策详情：政策、是否已收藏、匹配的客户（前20个及总数）',
      description: '未发布或不存在的政策返回 HTTP 404。',
      querystring: detailQuery,
      data: policyItemDetailSchema,
    },
    (request) => policyItems.detail(memberOf(request), request.query.id),
  );

  dataAt(
    app,
    'GET',
    [POLICY_ITEM_API.publicity],
    {
      config,
      tags,
      summary: '公示公告的公示名单（分页，可按企业名称或信用代码筛选，或只看我的客户）',
      description:
        'customer_id 为会员自己的客户（按统一社会信用代码，其次按企业全称匹配），否则为 null；mine=1 只列会员的客户。不存在、未发布或不是公示公告的返回 HTTP 404。',
      querystring: policyPublicityQuery.extend(pagingQuery.shape),
      data: pageSchema(publicityRowSchema),
    },
    (request) => {
      const { page, size, ...query } = request.query;
      return policyItems.publicity(memberOf(request), query, { page, size });
    },
  );

  dataAt(
    app,
    'GET',
    [POLICY_ITEM_API.favourites],
    {
      config,
      tags,
      summary: '我的收藏（最新收藏在前，分页）',
      description: '收藏属于主账号，子账号读写主账号的收藏。',
      querystring: pagingQuery,
      data: pageSchema(policyFavouriteItemSchema),
    },
    (request) => policyItems.favourites(memberOf(request), request.query),
  );

  dataAt(
    app,
    'POST',
    [POLICY_ITEM_API.favourites],
    {
      config,
      tags,
      summary: '收藏政策',
      description: 'JSON { id }；已收藏时不变；不存在的政策返回 HTTP 404。',
      body: policyFavouriteBody,
      data: policyFavouriteStateSchema,
      message: MSG.policyFavouriteAdded,
    },
    (request) => policyItems.addFavourite(memberOf(request), request.body.id),
  );

  dataAt(
    app,
    'POST',
    [POLICY_ITEM_API.favouriteRemove],
    {
      config,
      tags,
      summary: '取消收藏',
      description: 'JSON { id }；未收藏时不变。',
      body: policyFavouriteBody,
      data: policyFavouriteStateSchema,
      message: MSG.policyFavouriteRemoved,
    },
    (request) => policyItems.removeFavourite(memberOf(request), request.body.id),
  );

  dataAt(
    app,
    'GET',
    [POLICY_ITEM_API.calendar],
    {
      config,
      tags,
      summary: '申报日历：订阅与收藏中尚未截止的政策，按截止时间排列',
      description: 'month 为 YYYY-MM（上海时间），缺省为本月。',
      querystring: calendarQuery,
      data: policyCalendarSchema,
    },
    (request) => policyItems.calendar(memberOf(request), request.query.month),
  );
};
