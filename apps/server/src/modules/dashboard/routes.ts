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
import { callerReads } from '../../lib/caller-reads.js';
import { cityCodeField } from '../../lib/fields.js';
import { sizeQuery } from '../../lib/paging.js';
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

  /** A figure of the member's own customers or region, read from the member (and the query, when it takes one). */
  const figure = callerReads(app, memberOf, { config, tags });

  figure(
    DASHBOARD_PATHS.customerData,
    '客户统计（客户总数、高企、可申报、已公示、政策匹配）',
    customerSummarySchema,
    dashboard.customerSummary,
  );
  figure(
    DASHBOARD_PATHS.industry,
    '客户行业分布',
    z.array(distributionItemSchema),
    dashboard.industryDistribution,
  );

  figure.withQuery(
    DASHBOARD_PATHS.area,
    {
      summary: '客户区域分布（按城市内的区县）',
      description: 'citycode 缺省为会员所在城市。',
      querystring: z.object({ citycode: cityCodeField.optional() }),
    },
    z.array(distributionItemSchema),
    (member, { citycode }) => dashboard.areaDistribution(member, citycode),
  );

  figure(
    DASHBOARD_PATHS.categoryCount,
    '申报通知、公示公告、政策动态数量及24小时新增',
    z.array(categoryCountSchema),
    dashboard.categoryCounts,
  );
  figure(
    DASHBOARD_PATHS.growthRate,
    '近12个月每月新增客户及环比',
    z.array(growthItemSchema),
    dashboard.growthRate,
  );
  figure(
    DASHBOARD_PATHS.businessSituation,
    '客户经营概况（注册资本、成立年限分布）',
    businessSituationSchema,
    dashboard.businessSituation,
  );
  figure(
    DASHBOARD_PATHS.deptCount,
    '近一年本地区发文部门排行',
    z.array(deptCountSchema),
    dashboard.deptCounts,
  );

  figure.withQuery(
    DASHBOARD_PATHS.newPeresult,
    { summary: '推荐项目（近180天启动、匹配到客户的项目，最新在前）', querystring: sizeQuery },
    z.array(recommendedProjectSchema),
    (member, { size }) => dashboard.recommendedProjects(member, size),
  );
};
