// The open API's documentation: its four routes as a developer reads them (the contract's schemas of @uc/shared, a
// summary, a description and an example answering rows in the demo data), the OpenAPI document at
// /openapi/v1/docs/json built from them and the page at /openapi/v1/docs, whose curl examples are full URLs on
// PUBLIC_BASE_URL.
import {
  EXAMPLE_SOFTWARE,
  MSG,
  OPEN_API,
  OPEN_API_CODE,
  type OpenApiProduct,
  openApiHtsScoreBody,
  openApiHtsScoreSchema,
  openApiListSchema,
  openApiPoliciesFilter,
  openApiPolicyItemSchema,
  openApiPolicyItemsFilter,
  openApiPolicySchema,
  openApiPublicityFilter,
  openApiPublicityItemSchema,
  SEARCH_TOTAL_CAP,
} from '@uc/shared';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { envelope } from '../../lib/envelope.js';
import { escapeHtml, renderPage } from '../../lib/html.js';
import { pagingQuery } from '../../lib/paging.js';

/**
 * A route's example: its query string as a developer types it (raw UTF-8, as curl sends a pasted URL) or its JSON
 * body, chosen to answer rows in the demo data, and a response of its shape.
 */
interface Example {
  query?: string;
  body?: unknown;
  response: unknown;
}

/** An open API route: the product it answers, its schemas and how the documentation shows it. */
export interface OpenRoute {
  product: OpenApiProduct;
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  description: string;
  query?: z.ZodObject;
  body?: z.ZodObject;
  response: z.ZodType;
  example: Example;
}

/** Where a developer's own key goes in the examples. */
const KEY_PLACEHOLDER = 'ccw_…';

/** The answers of worked example 1 that 高企评分 reads: the example scores to a conclusion (达标, 71 分). */
const HTS_EXAMPLE_FIELDS = [
  'reg_time',
  'ip_class1',
  'ip_class2',
  'ip_acquisition',
  'tech_advancement',
  'core_support',
  'standards',
  'conversions_3y',
  'rd_org',
  'in_hightech_field',
  'no_major_incident',
  'staff_total',
  'staff_tech',
  'revenue',
  'net_assets',
  'rd_expense',
  'rd_domestic_pct',
  'hightech_income_pct',
] as const;
const HTS_EXAMPLE_ANSWERS = Object.fromEntries(HTS_EXAMPLE_FIELDS.map((f) => [f, EXAMPLE_SOFTWARE[f]]));

/** The example as a curl command that runs as pasted (with a key of one's own), on the server at `base`. */
/** The success envelope of a list call's first page of ten holding `list`. */
function listExample(list: readonly unknown[]) {
  return { code: 200, message: 'success', data: { total: list.length, page: 1, size: 10, list } };
}

function curlOf(route: OpenRoute, base: string): string {
  const auth = `-H "Authorization: Bearer ${KEY_PLACEHOLDER}"`;
  const query = route.example.query ? `?${route.example.query}` : '';
  const url = `"${base}${route.url}${query}"`;
  if (route.method === 'GET') return `curl ${auth} ${url}`;
  const body = JSON.stringify(route.example.body ?? {});
  return `curl -X POST ${auth} -H "Content-Type: application/json" -d '${body}' ${url}`;
}

export const OPEN_ROUTES: readonly OpenRoute[] = [
  {
    product: 'policies',
    method: 'GET',
    url: OPEN_API.policies,
    summary: '政策源库',
    description: `政策原文：标题、来源、发布时间与全文，按发布时间倒序。q 按标题和正文中的任意词搜索（与会员中心的搜索相同：标题命中在前，再按发布时间倒序，total 最多计到${SEARCH_TOTAL_CAP}；keyword 作为另一个须出现的词，city 不适用）。`,
    query: openApiPoliciesFilter.extend(pagingQuery.shape),
    response: openApiListSchema(openApiPolicySchema),
    example: {
      query: 'keyword=高新&city=440300&page=1&size=10',
      response: listExample([
        {
          id: 'a1b2',
          title: '关于开展高新技术企业认定工作的通知',
          source: '深圳市科技创新委员会',
          publish_time: '2026-11-20T02:00:00.000Z',
          content: '……',
        },
      ]),
    },
  },
  {
    product: 'policy-items',
    method: 'GET',
    url: OPEN_API.policyItems,
    summary: '标准化政策库',
    description: `结构化的政策项目：类型、发文部门、适用地区与行业条件、申报截止时间（open 表示仍在申报期内）。q 按标题和正文中的任意词搜索（与会员中心的搜索相同：标题命中在前，再按发布时间倒序，total 最多计到${SEARCH_TOTAL_CAP}；type、city、dept 照常筛选，keyword 作为另一个须出现的词）。`,
    query: openApiPolicyItemsFilter.extend(pagingQuery.shape),
    response: openApiListSchema(openApiPolicyItemSchema),
    example: {
      query: 'q=加计扣除&type=sbtz&city=440300&dept=科技',
      response: listExample([
        {
          id: 12,
          type: 'sbtz',
          title: '2026年度专精特新中小企业申报',
          dept: '深圳市工业和信息化局',
          publish_time: '2026-11-01T00:00:00.000Z',
          deadline: '2026-12-31T15:59:59.000Z',
          open: true,
          conditions: { city: '440300', area: null, industry: 'C' },
        },
      ]),
    },
  },
  {
    product: 'publicity',
    method: 'GET',
    url: OPEN_API.publicity,
    summary: '资助公示查询',
    description: '近两年的资助与认定公示，可按企业名称检索。',
    query: openApiPublicityFilter.extend(pagingQuery.shape),
    response: openApiListSchema(openApiPublicityItemSchema),
    example: {
      query: 'company=科技',
      response: listExample([
        {
          id: 'P2026001',
          title: '2026年第一批高新技术企业认定名单公示',
          company: '深圳市前海智汇科技有限公司',
          dept: '深圳市科技创新委员会',
          publish_time: '2026-06-01T00:00:00.000Z',
          qualification: '国家高新技术企业',
        },
      ]),
    },
  },
  {
    product: 'hts-score',
    method: 'POST',
    url: OPEN_API.htsScore,
    summary: '高企评分',
    description: '按会员中心「高企评分」页的同一规则评估企业申报高新技术企业的条件与得分。',
    body: openApiHtsScoreBody,
    response: openApiHtsScoreSchema,
    example: {
      body: { company: '深圳市前海智汇科技有限公司', answers: HTS_EXAMPLE_ANSWERS },
      response: {
        code: 200,
        message: 'success',
        data: {
          company: '深圳市前海智汇科技有限公司',
          as_of: '2026-11-27',
          facts: HTS_EXAMPLE_ANSWERS,
          evaluation: { total: 71, status: 'pass' },
          charged: true,
        },
      },
    },
  },
];

const COMMON = `所有接口以 Authorization: Bearer <API密钥> 认证（在会员中心「我的API」创建）。每次成功调用（HTTP 2xx）扣减 1 次 API 套餐调用次数；失败或被拒绝的调用不扣减，资料待补充、未得出结论的高企评分（charged 为 false）也不扣减。请求头 Idempotency-Key（不超过64个字符）使 24 小时内相同请求的重试返回同一结果且只扣一次；同一个 Idempotency-Key 用于参数不同或另一个接口的请求时返回 HTTP 422（code ${OPEN_API_CODE.idempotencyKeyReused}，${MSG.apiIdempotencyKeyReused}），不扣减。查询参数可直接写中文（UTF-8），也可按 URL 编码。次数用完返回 HTTP 429（code ${42901}，调用次数已用完，请购买API套餐）；密钥无效或已撤销返回 HTTP 401（code 40101）；密钥被平台停用返回 HTTP 403（code ${OPEN_API_CODE.keySuspended}）；账号被平台停用返回 HTTP 403（code ${OPEN_API_CODE.memberHeld}，${MSG.memberDisabledByStaff}）；每个密钥每秒调用过多返回 HTTP 429（code 42902）。响应体统一为 {code, message, data}。`;

/** The open API's own OpenAPI 3.1 document, from the routes' zod schemas, its examples on the server at `base`. */
export function openApiDocument(base: string) {
  const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of OPEN_ROUTES) {
    const query = route.query
      ? (schema(route.query) as {
          properties?: Record<string, { description?: string }>;
          required?: string[];
        })
      : undefined;
    paths[route.url] = {
      [route.method.toLowerCase()]: {
        summary: route.summary,
        description: route.description,
        security: [{ apiKey: [] }],
        parameters: [
          ...Object.entries(query?.properties ?? {}).map(([name, s]) => ({
            name,
            in: 'query',
            required: query?.required?.includes(name) ?? false,
            description: s.description,
            schema: s,
          })),
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              '重试同一调用时带相同的值：24 小时内返回同一结果，只扣一次；用于参数不同或另一个接口的请求时返回 422',
            schema: { type: 'string', maxLength: 64 },
          },
        ],
        ...(route.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: schema(route.body) } },
              },
            }
          : {}),
        responses: {
          200: {
            description: '成功（扣减 1 次）',
            content: {
              'application/json': {
                schema: schema(envelope(route.response)),
                example: route.example.response,
              },
            },
          },
          400: { description: '参数有误（不扣减）' },
          401: { description: 'API密钥无效或已撤销' },
          403: { description: 'API密钥已被平台停用' },
          422: { description: `${MSG.apiIdempotencyKeyReused}（不扣减）` },
          429: { description: '调用次数已用完，或调用过于频繁' },
        },
        'x-codeSamples': [{ lang: 'Shell', source: curlOf(route, base) }],
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: '查策网开放接口', version: '1.0.0', description: COMMON },
    servers: [{ url: base }],
    components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'API密钥' } } },
    paths,
  };
}

/** The document as a page a developer reads. */
export function docsPage(site: Config['site'], base: string): string {
  const sections = OPEN_ROUTES.map(
    (r) => `<section><h2>${escapeHtml(r.summary)}</h2>
<p><code>${r.method} ${escapeHtml(r.url)}</code></p>
<p>${escapeHtml(r.description)}</p>
<h3>请求示例</h3><pre>${escapeHtml(curlOf(r, base))}</pre>
<h3>响应示例</h3><pre>${escapeHtml(JSON.stringify(r.example.response, null, 2))}</pre></section>`,
  ).join('\n');
  return renderPage({
    title: '查策网开放接口文档',
    body: `<h1>查策网开放接口</h1><p>${escapeHtml(COMMON)}</p><p>OpenAPI 文档（JSON）：<a href="${OPEN_API.docsJson}">${OPEN_API.docsJson}</a></p>${sections}`,
    footer: [`客服热线：${site.hotline}（每天 8:00-18:00）`, site.copyright],
    homeUrl: site.mainSiteUrl,
  });
}
