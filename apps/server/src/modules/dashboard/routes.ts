// HTTP for the dashboard statistics: each meaning mounted at every docs/requirements.md §7 path sharing it.
import {
  businessSituationSchema,
  categoryCountSchema,
  customerSummarySchema,
  deptCountSchema,
  distributionItemSchema,
  growthItemSchema,
  HOME_API,
  HOME_STATS_API,
  recommendedProjectSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cityCodeField } from '../../lib/fields.js';
import { sizeQuery } from '../../lib/paging.js';
import { dataAt } from '../../lib/routes.js';
import { memberOf } from '../../plugins/auth.js';
import type { DashboardService } from './service.js';

/** Every path of each call (docs/requirements.md §7). */
export const DASHBOARD_PATHS = {
  customerData: [HOME_API.customerData, HOME_STATS_API.customerData],
  industry: [HOME_API.distributionByIndustry, HOME_STATS_API.industry],
  area: [HOME_API.distributionByArea, HOME_STATS_API.areaCount],
  categoryCount: [HOME_API.categoryCount],
  growthRate: [HOME_STATS_API.growthRate],
  businessSituation: [HOME_STATS_API.businessSituation],
  deptCount: [HOME_STATS_API.deptCount],
  newPeresult: [HOME_API.newPeresult, HOME_API.subscribeNewPeresult],
} as const;

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  const config = { auth: true };
  const tags = ['home'];

  dataAt(
    app,
    'GET',
    DASHBOARD_PATHS.customerData,
    {
      config,
      tags,
      summary: '客户统计（客户总数、高企、可申报、已公示、政策匹配）',
      data: customerSummarySchema,
    },
    (request) => dashboard.customerSummary(memberOf(request)),
  );

  dataAt(
    app,
    'GET',
    DASHBOARD_PATHS.industry,
    { config, tags, summary: '客户行业分布', data: z.array(distributionItemSchema) },
    (request) => dashboard.industryDistribution(memberOf(request)),
  );

  dataAt(
    app,
    'GET',
    DASHBOARD_PATHS.area,
    {
      config,
      tags,
      summary: '客户区域分布（按城市内的区县）',
      description: 'citycode 缺省为会员所在城市。',
      querystring: z.object({ citycode: cityCodeField.optional() }),
      data: z.array(distributionItemSchema),
    },
    (request) => dashboard.areaDistribution(memberOf(request), request.query.citycode),
  );

  dataAt(
    app,
    'GET',
    DASHBOARD_PATHS.categoryCount,
    {
      config,
      tags,
      summary: '申报通知、公示公告、政策动态数量及24小时新增',
      data: z.array(categoryCountSchema),
    },
    (request) => dashboard.categoryCounts(memberOf(request)),
  );

  dataAt(
    app,
    'GET',
    DASHBOARD_PATHS.growthRate,
    { config, tags, summary: '近12个月每月新增客户及环比', data: z.array(growthItemSchema) },
    (request) => dashboard.growthRate(memberOf(request)),
  );

  dataAt(
    app,
    'GET',
    DASHBOARD_PATHS.businessSituation,
    { config, tags, summary: '客户经营概况（注册资本、成立年限分布）', data: businessSituationSchema },
    (request) => dashboard.businessSituation(memberOf(request)),
  );

  dataAt(
    app,
    'GET',
    DASHBOARD_PATHS.deptCount,
    { config, tags, summary: '近一年本地区发文部门排行', data: z.array(deptCountSchema) },
    (request) => dashboard.deptCounts(memberOf(request)),
  );

  dataAt(
    app,
    'GET',
    DASHBOARD_PATHS.newPeresult,
    {
      config,
      tags,
      summary: '推荐项目（近180天启动、匹配到客户的项目，最新在前）',
      querystring: sizeQuery,
      data: z.array(recommendedProjectSchema),
    },
    (request) => dashboard.recommendedProjects(memberOf(request), request.query.size),
  );
};
