// HTTP for subscriptions and own publicity, 我的订阅's tabs and exports, the publicity search and the push settings:
// each meaning at every docs/requirements.md §7 path sharing it.
import {
  customerItemSchema,
  HOME_API,
  HOME_STATS_API,
  idField,
  MSG,
  ownPublicityItemSchema,
  policyFeedItemSchema,
  publicityItemSchema,
  pushConfigSchema,
  pushSettingsBody,
  recommendedProjectSchema,
  SUB_TAB_KEYS,
  SUBSCRIBE_API,
  subscriptionItemSchema,
  textField,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerReads } from '../../lib/caller-reads.js';
import {
  pageField,
  pageSchema,
  pagingQuery,
  sizeField,
  sizeQuery,
  successPageSchema,
} from '../../lib/paging.js';
import { dataAt, routeAt } from '../../lib/routes.js';
import { sendXlsx } from '../../lib/xlsx.js';
import { memberOf } from '../../plugins/auth.js';
import type { SubscriptionsService } from './service.js';

export const SUBSCRIPTIONS_PATHS = {
  mySubscribe: [HOME_API.mySubscribe, HOME_API.subscribeMine],
  myPublicity: [HOME_API.myPublicity, HOME_API.subscribeMyPublicity, HOME_STATS_API.publicityByCompany],
  publicityMore: [HOME_API.publicityMore],
} as const;

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

export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  const config = { auth: true };
  // The push settings: trial members (level 10 and below) have no such permission.
  const push = { access: 'push' } as const;
  const tags = ['subscribe'];

  /** The member's own subscriptions and publicity. */
  const reads = callerReads(app, memberOf, { config, tags });

  reads.withQuery(
    SUBSCRIPTIONS_PATHS.mySubscribe,
    { summary: '我的订阅（最新在前）', querystring: sizeQuery },
    z.array(subscriptionItemSchema),
    (member, { size }) => subscriptions.mySubscriptions(member, size),
  );

  reads(SUBSCRIPTIONS_PATHS.myPublicity, '我的公示（最新5条）', z.array(ownPublicityItemSchema), (member) =>
    subscriptions.myPublicity(member),
  );

  reads.withQuery(
    SUBSCRIPTIONS_PATHS.publicityMore,
    { summary: '我的公示（分页）', querystring: pagingQuery },
    successPageSchema(ownPublicityItemSchema),
    (member, paging) => subscriptions.myPublicityPage(member, paging),
  );
  const feedTags = ['subscriptions'];
  const xlsx = { produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] };

  dataAt(
    app,
    'GET',
    [SUBSCRIBE_API.subList],
    {
      config,
      tags: feedTags,
      summary: '我的订阅：按栏目分页（推荐项目、我的公示、订阅项目、申报通知、公示公告、政策动态）',
      description:
        'activeName 为 tjxm、wdgs、dyxm、sbtz、gsgg、zcdt；title 按标题（我的公示另按企业名称）搜索；' +
        'mainid 为主账号ID，子账号可查看主账号的订阅，其他账号返回 HTTP 403。',
      querystring: subListQuery,
      data: pageSchema(subRowSchema),
    },
    async (request) => {
      const { activeName, title, mainid, page, size } = request.query;
      const member = subscriptions.feedOwner(memberOf(request), mainid);
      return subscriptions.list(member, activeName, { title }, { page, size });
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
      const member = subscriptions.feedOwner(memberOf(request), mainid);
      return sendXlsx(reply, await subscriptions.export(member, activeName, { title }));
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
      return sendXlsx(
        reply,
        subscriptions.publicityExport(subscriptions.feedOwner(memberOf(request), mainid), { title }),
      );
    },
  );

  dataAt(
    app,
    'GET',
    [SUBSCRIBE_API.cusByPid],
    {
      config,
      tags: feedTags,
      summary: '推荐项目匹配的客户（分页）',
      querystring: cusByPidQuery,
      data: pageSchema(customerItemSchema),
    },
    async (request) => {
      const { pid, mainid, page, size } = request.query;
      const member = subscriptions.feedOwner(memberOf(request), mainid);
      return subscriptions.customersOfProject(member, pid, { page, size });
    },
  );

  dataAt(
    app,
    'GET',
    [SUBSCRIBE_API.publicityList],
    {
      config,
      tags: feedTags,
      summary: '资助公示查询（按企业名称包含的文字，分页）',
      querystring: publicityListQuery,
      data: pageSchema(publicityItemSchema),
    },
    async (request) => {
      const { name, page, size } = request.query;
      return subscriptions.searchPublicity(name, { page, size });
    },
  );

  dataAt(
    app,
    'GET',
    [SUBSCRIBE_API.publicityByName],
    {
      config,
      tags: feedTags,
      summary: '某企业的资助公示（企业全称，分页）',
      querystring: publicityByNameQuery,
      data: pageSchema(publicityItemSchema),
    },
    async (request) => {
      const { name, page, size } = request.query;
      return subscriptions.publicityByName(name, { page, size });
    },
  );

  dataAt(
    app,
    'GET',
    [SUBSCRIBE_API.getConfig],
    {
      config: push,
      tags: feedTags,
      summary: '推送设置',
      description: '体验会员（等级10及以下）无推送设置权限，返回 HTTP 403。',
      data: pushConfigSchema,
    },
    (request) => subscriptions.config(memberOf(request)),
  );

  dataAt(
    app,
    'POST',
    [SUBSCRIBE_API.updateConfig],
    {
      config: push,
      tags: feedTags,
      summary: '保存推送设置',
      description:
        '表单或 JSON：regions（省/市/区县代码）、departments、industries、types（sbtz,gsgg,zcdt）、keywords、' +
        'channels（site,sms,email），列表以逗号分隔；quiet_start、quiet_end 为 HH:mm 免打扰时段。体验会员返回 HTTP 403。',
      body: pushSettingsBody,
      data: pushConfigSchema,
      message: MSG.pushSettingsSaved,
    },
    (request) => subscriptions.updateConfig(memberOf(request), request.body),
  );
};
