// HTTP for the dashboard statistics and the member's customers: each meaning mounted at every SPEC.md §7 path sharing it.
import {
  CUSTOMER_LIST_TYPES,
  cityOfArea,
  HOME_API,
  HOME_STATS_API,
  INDUSTRY_CODES_MAX,
  MSG,
} from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { cityCodeField, memberOf, pageField, pageSchema, sizeField, sizeQuery } from '../member/scope.js';
import { INDUSTRY_CODES } from './aggregate.js';
import {
  businessSituationSchema,
  categoryCountSchema,
  companyInfoSchema,
  customerDetailSchema,
  customerItemSchema,
  customerSummarySchema,
  deptCountSchema,
  distributionItemSchema,
  growthItemSchema,
  htsGradeSchema,
  ipInfoSchema,
  publicityItemSchema,
  recommendedProjectSchema,
} from './presenter.js';
import { areaFilter, createHomeService } from './service.js';

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
  customers: [HOME_API.customers, HOME_STATS_API.customers],
  cusData: [HOME_API.cusData],
  cusAllInfo: [HOME_API.cusAllInfo, HOME_STATS_API.fenxiData],
  customerPatents: [HOME_STATS_API.patentByCustomer],
  patents: [HOME_API.patents],
  grade: [HOME_API.grade],
  companyInfo: [HOME_API.companyInfo],
  publicity: [HOME_API.publicity],
} as const;

const idField = z.coerce
  .number({ error: MSG.customerInvalid })
  .int({ error: MSG.customerInvalid })
  .min(1, MSG.customerInvalid)
  .max(Number.MAX_SAFE_INTEGER, MSG.customerInvalid);

/** The customer of a per-customer call: `id`, or `customerId` as GetPatentBycustomerId names it. */
const customerQuery = z
  .object({ id: idField.optional(), customerId: idField.optional() })
  .refine((q) => (q.id ?? q.customerId) !== undefined, { message: MSG.customerRequired, path: ['id'] })
  .transform((q) => ({ id: q.id ?? q.customerId ?? 0 }));

const customersQuery = z.object({
  area: z
    .string()
    .trim()
    .refine((code) => cityOfArea(code) !== undefined, MSG.areaInvalid)
    .optional(),
  industry_code: z
    .string()
    .trim()
    .refine((code) => INDUSTRY_CODES.has(code), MSG.industryInvalid)
    .optional(),
  /** Comma-separated (a repeated parameter is accepted too); each code checked like industry_code. */
  industry_codes: z
    .union([z.string(), z.array(z.string())], { error: MSG.industryInvalid })
    .transform((v) => (Array.isArray(v) ? v.join(',') : v).split(',').map((code) => code.trim()))
    .refine((codes) => codes.length <= INDUSTRY_CODES_MAX, MSG.industryCodesTooMany)
    .refine((codes) => codes.every((code) => INDUSTRY_CODES.has(code)), MSG.industryInvalid)
    .transform((codes) => [...new Set(codes)])
    .optional(),
  is_hightech: z
    .enum(['0', '1'], { error: MSG.hightechInvalid })
    .transform((v) => v === '1')
    .optional(),
  type: z.enum(CUSTOMER_LIST_TYPES, { error: MSG.customerTypeInvalid }).optional(),
  page: pageField,
  size: sizeField,
});

export const homeRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  const home = createHomeService({ db: app.db, now });
  const member = (request: FastifyRequest) => memberOf(currentUser(request).account);
  const config = { auth: true };
  const tags = ['home'];

  for (const url of HOME_PATHS.customerData) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '客户统计（客户总数、高企、可申报、已公示、政策匹配）',
          response: { 200: envelope(customerSummarySchema) },
        },
      },
      async (request) => ok(await home.customerSummary(member(request))),
    );
  }

  for (const url of HOME_PATHS.industry) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '客户行业分布',
          response: { 200: envelope(z.array(distributionItemSchema)) },
        },
      },
      async (request) => ok(await home.industryDistribution(member(request))),
    );
  }

  for (const url of HOME_PATHS.area) {
    app.get(
      url,
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
      async (request) => ok(await home.areaDistribution(member(request), request.query.citycode)),
    );
  }

  for (const url of HOME_PATHS.categoryCount) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '申报通知、公示公告、政策动态数量及24小时新增',
          response: { 200: envelope(z.array(categoryCountSchema)) },
        },
      },
      async (request) => ok(await home.categoryCounts(member(request))),
    );
  }

  for (const url of HOME_PATHS.growthRate) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '近12个月每月新增客户及环比',
          response: { 200: envelope(z.array(growthItemSchema)) },
        },
      },
      async (request) => ok(await home.growthRate(member(request))),
    );
  }

  for (const url of HOME_PATHS.businessSituation) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '客户经营概况（注册资本、成立年限分布）',
          response: { 200: envelope(businessSituationSchema) },
        },
      },
      async (request) => ok(await home.businessSituation(member(request))),
    );
  }

  for (const url of HOME_PATHS.deptCount) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '近一年本地区发文部门排行',
          response: { 200: envelope(z.array(deptCountSchema)) },
        },
      },
      async (request) => ok(await home.deptCounts(member(request))),
    );
  }

  for (const url of HOME_PATHS.newPeresult) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '推荐项目（近180天启动、匹配到客户的项目，最新在前）',
          querystring: sizeQuery,
          response: { 200: envelope(z.array(recommendedProjectSchema)) },
        },
      },
      async (request) => ok(await home.recommendedProjects(member(request), request.query.size)),
    );
  }

  for (const url of HOME_PATHS.customers) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '我的客户（分页，最新在前）',
          description:
            'area 为城市或区县代码；industry_code 为国民经济行业门类，industry_codes 为以逗号分隔的多个门类（任一）；' +
            'is_hightech 为 0/1；type 为 sb（可申报）、gs（已公示）、zc（政策匹配），与首页客户统计一致。',
          querystring: customersQuery,
          response: { 200: envelope(pageSchema(customerItemSchema)) },
        },
      },
      async (request) => {
        const { area, industry_code, industry_codes, is_hightech, type, page, size } = request.query;
        const filter = { ...areaFilter(area), industry_code, industry_codes, is_hightech };
        return ok(await home.customers(member(request), filter, { page, size }, type));
      },
    );
  }

  for (const url of HOME_PATHS.cusData) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '客户基本信息',
          querystring: customerQuery,
          response: { 200: envelope(customerItemSchema) },
        },
      },
      async (request) => ok(await home.customer(member(request), request.query.id)),
    );
  }

  for (const url of HOME_PATHS.cusAllInfo) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '客户全部信息（基本信息、知识产权、高企评分、公示）',
          querystring: customerQuery,
          response: { 200: envelope(customerDetailSchema) },
        },
      },
      async (request) => ok(await home.customerDetail(member(request), request.query.id)),
    );
  }

  for (const url of HOME_PATHS.customerPatents) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '客户知识产权数量',
          querystring: customerQuery,
          response: { 200: envelope(ipInfoSchema) },
        },
      },
      async (request) => ok(await home.customerPatents(member(request), request.query.id)),
    );
  }

  for (const url of HOME_PATHS.patents) {
    app.get(
      url,
      {
        config,
        schema: { tags, summary: '全部客户知识产权合计', response: { 200: envelope(ipInfoSchema) } },
      },
      async (request) => ok(await home.patentTotals(member(request))),
    );
  }

  for (const url of HOME_PATHS.grade) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '客户高企评分（预评估）',
          querystring: customerQuery,
          response: { 200: envelope(htsGradeSchema) },
        },
      },
      async (request) => ok(await home.grade(member(request), request.query.id)),
    );
  }

  for (const url of HOME_PATHS.companyInfo) {
    app.get(
      url,
      {
        config,
        schema: { tags, summary: '会员企业信息', response: { 200: envelope(companyInfoSchema) } },
      },
      async (request) => ok(await home.companyInfo(member(request))),
    );
  }

  for (const url of HOME_PATHS.publicity) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: '客户公示（最新在前）',
          querystring: sizeQuery,
          response: { 200: envelope(z.array(publicityItemSchema)) },
        },
      },
      async (request) => ok(await home.publicity(member(request), request.query.size)),
    );
  }
};
