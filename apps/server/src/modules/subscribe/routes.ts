// HTTP for subscriptions and own publicity, 我的订阅's tabs and exports, the publicity search and the push settings:
// each meaning at every SPEC.md §7 path sharing it.
import {
  HOME_API,
  HOME_STATS_API,
  idField,
  MSG,
  type OwnPublicityItem,
  pushSettingsBody,
  SUB_TAB_KEYS,
  SUBSCRIBE_API,
  type SubscriptionItem,
  textField,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pageField,
  pageSchema,
  pagingQuery,
  sizeField,
  sizeQuery,
  successPageSchema,
} from '../../lib/paging.js';
import { routeAt } from '../../lib/routes.js';
import { sendXlsx } from '../../lib/xlsx.js';
import { currentUser } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { customerItemSchema, publicityItemSchema } from '../customers/presenter.js';
import { recommendedProjectSchema } from '../home/presenter.js';
import { currentMember } from '../member/scope.js';
import type { FeedService } from './feed.js';
import { policyFeedItemSchema, pushConfigSchema } from './presenter.js';
import type { Publisher } from './publisher.js';
import type { SubscribeService } from './service.js';

export const SUBSCRIBE_PATHS = {
  mySubscribe: [HOME_API.mySubscribe, HOME_API.subscribeMine],
  myPublicity: [HOME_API.myPublicity, HOME_API.subscribeMyPublicity, HOME_STATS_API.publicityByCompany],
  publicityMore: [HOME_API.publicityMore],
} as const;

const subscriptionSchema = z.object({
  id: z.number(),
  title: z.string(),
}) satisfies z.ZodType<SubscriptionItem>;

const ownPublicitySchema = z.object({
  id: z.number(),
  title: z.string(),
  title2: z.string(),
  dept_name: z.string(),
  publish_time: z.string(),
}) satisfies z.ZodType<OwnPublicityItem>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes policy items and pushes them to matching members (the content command and tests use it). */
    publisher: Publisher;
  }
}

/** Searching by title or company: at most 50 characters. */
const searchField = textField(50, { tooLong: MSG.searchTooLong }).trim();
const mainidField = idField(MSG.mainIdInvalid).optional();
const tabField = z.enum(SUB_TAB_KEYS, { error: MSG.subTabInvalid }).default('tjxm');

const subListQuery = z.object({
  activeName: tabField,
  title: searchField.optional(),
  mainid: mainidField,
  page: pageField,
  size: sizeField,
});
const subExportQuery = subListQuery.omit({ page: true, size: true });
const publicityExportQuery = z.object({ title: searchField.optional(), mainid: mainidField });
const cusByPidQuery = z.object({
  pid: idField(MSG.projectInvalid),
  mainid: mainidField,
  page: pageField,
  size: sizeField,
});
const publicityListQuery = z.object({ name: searchField.optional(), page: pageField, size: sizeField });
const publicityByNameQuery = z.object({
  name: textField(50, { error: MSG.companyNameRequired, tooLong: MSG.searchTooLong })
    .trim()
    .min(1, MSG.companyNameRequired),
  page: pageField,
  size: sizeField,
});

const subRowSchema = z.union([recommendedProjectSchema, publicityItemSchema, policyFeedItemSchema]);

export const subscribeRoutes: FastifyPluginAsyncZod<{
  subscribe: SubscribeService;
  feed: FeedService;
}> = async (app, { subscribe, feed }) => {
  const config = { auth: true };
  const tags = ['subscribe'];

  routeAt(
    app,
    'GET',
    SUBSCRIBE_PATHS.mySubscribe,
    {
      config,
      schema: {
        tags,
        summary: '我的订阅（最新在前）',
        querystring: sizeQuery,
        response: { 200: envelope(z.array(subscriptionSchema)) },
      },
    },
    async (request) => ok(await subscribe.mySubscriptions(currentMember(request), request.query.size)),
  );

  routeAt(
    app,
    'GET',
    SUBSCRIBE_PATHS.myPublicity,
    {
      config,
      schema: {
        tags,
        summary: '我的公示（最新5条）',
        response: { 200: envelope(z.array(ownPublicitySchema)) },
      },
    },
    async (request) => ok(await subscribe.myPublicity(currentMember(request))),
  );

  routeAt(
    app,
    'GET',
    SUBSCRIBE_PATHS.publicityMore,
    {
      config,
      schema: {
        tags,
        summary: '我的公示（分页）',
        querystring: pagingQuery,
        response: { 200: envelope(successPageSchema(ownPublicitySchema)) },
      },
    },
    async (request) => ok(await subscribe.myPublicityPage(currentMember(request), request.query)),
  );
  const feedTags = ['subscriptions'];
  const xlsx = { produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] };

  routeAt(
    app,
    'GET',
    [SUBSCRIBE_API.subList],
    {
      config,
      schema: {
        tags: feedTags,
        summary: '我的订阅：按栏目分页（推荐项目、我的公示、订阅项目、申报通知、公示公告、政策动态）',
        description:
          'activeName 为 tjxm、wdgs、dyxm、sbtz、gsgg、zcdt；title 按标题（我的公示另按企业名称）搜索；' +
          'mainid 为主账号ID，子账号可查看主账号的订阅，其他账号返回 HTTP 403。',
        querystring: subListQuery,
        response: { 200: envelope(pageSchema(subRowSchema)) },
      },
    },
    async (request) => {
      const { activeName, title, mainid, page, size } = request.query;
      const member = feed.feedOwner(currentMember(request), mainid);
      return ok(await feed.list(member, activeName, { title }, { page, size }));
    },
  );

  routeAt(
    app,
    'GET',
    [SUBSCRIBE_API.export],
    {
      config,
      schema: {
        tags: feedTags,
        summary: '导出我的订阅当前栏目（.xlsx）',
        querystring: subExportQuery,
        ...xlsx,
      },
    },
    async (request, reply) => {
      const { activeName, title, mainid } = request.query;
      const member = feed.feedOwner(currentMember(request), mainid);
      return sendXlsx(reply, await feed.export(member, activeName, { title }));
    },
  );

  routeAt(
    app,
    'GET',
    [SUBSCRIBE_API.publicityExport],
    {
      config,
      schema: {
        tags: feedTags,
        summary: '导出我的公示（.xlsx）',
        querystring: publicityExportQuery,
        ...xlsx,
      },
    },
    async (request, reply) => {
      const { title, mainid } = request.query;
      return sendXlsx(reply, feed.publicityExport(feed.feedOwner(currentMember(request), mainid), { title }));
    },
  );

  routeAt(
    app,
    'GET',
    [SUBSCRIBE_API.cusByPid],
    {
      config,
      schema: {
        tags: feedTags,
        summary: '推荐项目匹配的客户（分页）',
        querystring: cusByPidQuery,
        response: { 200: envelope(pageSchema(customerItemSchema)) },
      },
    },
    async (request) => {
      const { pid, mainid, page, size } = request.query;
      const member = feed.feedOwner(currentMember(request), mainid);
      return ok(await feed.customersOfProject(member, pid, { page, size }));
    },
  );

  routeAt(
    app,
    'GET',
    [SUBSCRIBE_API.publicityList],
    {
      config,
      schema: {
        tags: feedTags,
        summary: '资助公示查询（按企业名称包含的文字，分页）',
        querystring: publicityListQuery,
        response: { 200: envelope(pageSchema(publicityItemSchema)) },
      },
    },
    async (request) => {
      const { name, page, size } = request.query;
      return ok(await feed.searchPublicity(name, { page, size }));
    },
  );

  routeAt(
    app,
    'GET',
    [SUBSCRIBE_API.publicityByName],
    {
      config,
      schema: {
        tags: feedTags,
        summary: '某企业的资助公示（企业全称，分页）',
        querystring: publicityByNameQuery,
        response: { 200: envelope(pageSchema(publicityItemSchema)) },
      },
    },
    async (request) => {
      const { name, page, size } = request.query;
      return ok(await feed.publicityByName(name, { page, size }));
    },
  );

  routeAt(
    app,
    'GET',
    [SUBSCRIBE_API.getConfig],
    {
      config,
      schema: {
        tags: feedTags,
        summary: '推送设置',
        description: '体验会员（等级10及以下）无推送设置权限，返回 HTTP 403。',
        response: { 200: envelope(pushConfigSchema) },
      },
    },
    async (request) =>
      ok(await feed.config(currentMember(request), currentUser(request).account.membership.level)),
  );

  routeAt(
    app,
    'POST',
    [SUBSCRIBE_API.updateConfig],
    {
      config,
      schema: {
        tags: feedTags,
        summary: '保存推送设置',
        description:
          '表单或 JSON：regions（省/市/区县代码）、departments、industries、types（sbtz,gsgg,zcdt）、keywords、' +
          'channels（site,sms,email），列表以逗号分隔；quiet_start、quiet_end 为 HH:mm 免打扰时段。体验会员返回 HTTP 403。',
        body: pushSettingsBody,
        response: { 200: envelope(pushConfigSchema) },
      },
    },
    async (request) =>
      ok(
        await feed.updateConfig(
          currentMember(request),
          currentUser(request).account.membership.level,
          request.body,
        ),
        MSG.pushSettingsSaved,
      ),
  );
};
