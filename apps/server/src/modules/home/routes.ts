// HTTP for the dashboard statistics: each meaning mounted at every SPEC.md §7 path sharing it.
import { HOME_API, HOME_STATS_API } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cityCodeField } from '../../lib/fields.js';
import { sizeQuery } from '../../lib/paging.js';
import { routeAt } from '../../lib/routes.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { currentMember } from '../member/scope.js';
import {
  businessSituationSchema,
  categoryCountSchema,
  customerSummarySchema,
  deptCountSchema,
  distributionItemSchema,
  growthItemSchema,
  recommendedProjectSchema,
} from './presenter.js';
import type { HomeService } from './service.js';

/** Every path of each call (SPEC.md §7). */
export const HOME_PATHS = {
  customerData: [HOME_API.customerData, HOME_STATS_API.customerData],
  industry: [HOME_API.distributionByIndustry, HOME_STATS_API.industry],
  area: [HOME_API.distributionByArea, HOME_STATS_API.areaCount],
  categoryCount: [HOME_API.categoryCount],
  growthRate: [HOME_STATS_API.growthRate],
  businessSituation: [HOME_STATS_API.businessSituation],
  deptCount: [HOME_STATS_API.deptCount],
  newPeresult: [HOME_API.newPeresult, HOME_API.subscribeNewPeresult],
} as const;

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  const config = { auth: true };
  const tags = ['home'];

  routeAt(
    app,
    'GET',
    HOME_PATHS.customerData,
    {
      config,
      schema: {
        tags,
        summary: '客户统计（客户总数、高企、可申报、已公示、政策匹配）',
        response: { 200: envelope(customerSummarySchema) },
      },
    },
    async (request) => ok(await home.customerSummary(currentMember(request))),
  );

  routeAt(
    app,
    'GET',
    HOME_PATHS.industry,
    {
      config,
      schema: { tags, summary: '客户行业分布', response: { 200: envelope(z.array(distributionItemSchema)) } },
    },
    async (request) => ok(await home.industryDistribution(currentMember(request))),
  );

  routeAt(
    app,
    'GET',
    HOME_PATHS.area,
    {
      config,
      schema: {
        tags,
        summary: '客户区域分布（按城市内的区县）',
        description: 'citycode 缺省为会员所在城市。',
        querystring: z.object({ citycode: cityCodeField.optional() }),
        response: { 200: envelope(z.array(distributionItemSchema)) },
      },
    },
    async (request) => ok(await home.areaDistribution(currentMember(request), request.query.citycode)),
  );

  routeAt(
    app,
    'GET',
    HOME_PATHS.categoryCount,
    {
      config,
      schema: {
        tags,
        summary: '申报通知、公示公告、政策动态数量及24小时新增',
        response: { 200: envelope(z.array(categoryCountSchema)) },
      },
    },
    async (request) => ok(await home.categoryCounts(currentMember(request))),
  );

  routeAt(
    app,
    'GET',
    HOME_PATHS.growthRate,
    {
      config,
      schema: {
        tags,
        summary: '近12个月每月新增客户及环比',
        response: { 200: envelope(z.array(growthItemSchema)) },
      },
    },
    async (request) => ok(await home.growthRate(currentMember(request))),
  );

  routeAt(
    app,
    'GET',
    HOME_PATHS.businessSituation,
    {
      config,
      schema: {
        tags,
        summary: '客户经营概况（注册资本、成立年限分布）',
        response: { 200: envelope(businessSituationSchema) },
      },
    },
    async (request) => ok(await home.businessSituation(currentMember(request))),
  );

  routeAt(
    app,
    'GET',
    HOME_PATHS.deptCount,
    {
      config,
      schema: {
        tags,
        summary: '近一年本地区发文部门排行',
        response: { 200: envelope(z.array(deptCountSchema)) },
      },
    },
    async (request) => ok(await home.deptCounts(currentMember(request))),
  );

  routeAt(
    app,
    'GET',
    HOME_PATHS.newPeresult,
    {
      config,
      schema: {
        tags,
        summary: '推荐项目（近180天启动、匹配到客户的项目，最新在前）',
        querystring: sizeQuery,
        response: { 200: envelope(z.array(recommendedProjectSchema)) },
      },
    },
    async (request) => ok(await home.recommendedProjects(currentMember(request), request.query.size)),
  );
};
