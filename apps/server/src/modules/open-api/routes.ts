// HTTP of the API package: 我的API's key management and usage (main accounts), and the open API under /openapi/v1/
// (a bearer key, JSON, one call charged per success) with its own OpenAPI document at /openapi/v1/docs.
import {
  API_KEYS_API,
  apiKeyBody,
  apiKeyCreatedSchema,
  apiKeySchema,
  apiUsageSchema,
  cityByCode,
  companyFactsSchema,
  hasIllegalChars,
  idField,
  MSG,
  OPEN_API,
  type OPEN_API_PRODUCTS,
  POLICY_CATEGORIES,
  textField,
} from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { errors } from '../../errors.js';
import { escapeHtml, renderPage } from '../../lib/html.js';
import { pageField, sizeField } from '../../lib/paging.js';
import { routePath } from '../../lib/routes.js';
import { bearerToken, currentUser } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import type { Caller, OpenApiService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The open API key's caller, once authenticated. */
    openApiCaller?: Caller;
    /** The call used one call of the package. */
    openApiCharged?: boolean;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
const IDEMPOTENCY_HEADER = 'idempotency-key';
const keyword = textField(50).trim().optional();
const cityCode = textField(12)
  .trim()
  .refine((code) => cityByCode(code) !== undefined, MSG.cityInvalid)
  .optional();

const policiesQuery = z.object({
  keyword: keyword.describe('标题关键词，如「高新技术企业」'),
  city: cityCode.describe('城市代码，如 440300（深圳市）'),
  page: pageField,
  size: sizeField,
});
const policyItemsQuery = z.object({
  type: z
    .enum(POLICY_CATEGORIES.map((c) => c.key) as [string, ...string[]], { error: MSG.badRequest })
    .optional()
    .describe('sbtz 申报通知、gsgg 公示公告、zcdt 政策动态'),
  keyword: keyword.describe('标题关键词'),
  city: cityCode.describe('城市代码（同时返回全省适用的项目）'),
  dept: textField(50).trim().optional().describe('发文部门关键词，如「科技创新委员会」'),
  page: pageField,
  size: sizeField,
});
const publicityQuery = z.object({
  company: textField(100).trim().optional().describe('企业名称关键词'),
  page: pageField,
  size: sizeField,
});
const htsScoreBody = z.object({
  company: textField(100, { error: MSG.openApiCompanyRequired, tooLong: MSG.openApiCompanyRequired })
    .trim()
    .min(2, MSG.openApiCompanyRequired)
    .describe('企业名称或统一社会信用代码'),
  answers: companyFactsSchema
    .optional()
    .describe('企业情况（与会员中心「高企评分」页相同的字段），未提供的按未知计'),
});

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number(), page: z.number(), size: z.number(), list: z.array(item) });
const policyDoc = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string(),
  publish_time: z.string(),
  content: z.string(),
});
const policyItem = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  dept: z.string(),
  publish_time: z.string(),
  deadline: z.string().nullable(),
  open: z.boolean(),
  conditions: z.object({
    city: z.string().nullable(),
    area: z.string().nullable(),
    industry: z.string().nullable(),
  }),
});
const publicityItem = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  dept: z.string(),
  publish_time: z.string(),
  qualification: z.string(),
});

interface OpenRoute {
  product: (typeof OPEN_API_PRODUCTS)[number]['key'];
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  description: string;
  query?: z.ZodObject;
  body?: z.ZodObject;
  response: z.ZodType;
  example: { request: string; response: unknown };
}

const OPEN_ROUTES: readonly OpenRoute[] = [
  {
    product: 'policies',
    method: 'GET',
    url: OPEN_API.policies,
    summary: '政策源库',
    description: '政策原文：标题、来源、发布时间与全文，按发布时间倒序。',
    query: policiesQuery,
    response: listOf(policyDoc),
    example: {
      request: `curl -H "Authorization: Bearer ccw_…" "${OPEN_API.policies}?keyword=高新&city=440300&page=1&size=20"`,
      response: {
        code: 200,
        message: 'success',
        data: {
          total: 1,
          page: 1,
          size: 10,
          list: [
            {
              id: 'a1b2',
              title: '关于开展高新技术企业认定工作的通知',
              source: '深圳市科技创新委员会',
              publish_time: '2026-11-20T02:00:00.000Z',
              content: '……',
            },
          ],
        },
      },
    },
  },
  {
    product: 'policy-items',
    method: 'GET',
    url: OPEN_API.policyItems,
    summary: '标准化政策库',
    description:
      '结构化的政策项目：类型、发文部门、适用地区与行业条件、申报截止时间（open 表示仍在申报期内）。',
    query: policyItemsQuery,
    response: listOf(policyItem),
    example: {
      request: `curl -H "Authorization: Bearer ccw_…" "${OPEN_API.policyItems}?type=sbtz&city=440300"`,
      response: {
        code: 200,
        message: 'success',
        data: {
          total: 1,
          page: 1,
          size: 10,
          list: [
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
          ],
        },
      },
    },
  },
  {
    product: 'publicity',
    method: 'GET',
    url: OPEN_API.publicity,
    summary: '资助公示查询',
    description: '近两年的资助与认定公示，可按企业名称检索。',
    query: publicityQuery,
    response: listOf(publicityItem),
    example: {
      request: `curl -H "Authorization: Bearer ccw_…" "${OPEN_API.publicity}?company=前海"`,
      response: {
        code: 200,
        message: 'success',
        data: {
          total: 1,
          page: 1,
          size: 10,
          list: [
            {
              id: 'P2026001',
              title: '2026年第一批高新技术企业认定名单公示',
              company: '深圳市前海智汇科技有限公司',
              dept: '深圳市科技创新委员会',
              publish_time: '2026-06-01T00:00:00.000Z',
              qualification: '国家高新技术企业',
            },
          ],
        },
      },
    },
  },
  {
    product: 'hts-score',
    method: 'POST',
    url: OPEN_API.htsScore,
    summary: '高企评分',
    description: '按会员中心「高企评分」页的同一规则评估企业申报高新技术企业的条件与得分。',
    body: htsScoreBody,
    response: z.object({
      company: z.string(),
      as_of: z.string(),
      facts: z.unknown(),
      evaluation: z.unknown(),
    }),
    example: {
      request: `curl -X POST -H "Authorization: Bearer ccw_…" -H "Content-Type: application/json" -d '{"company":"深圳市前海智汇科技有限公司","answers":{"reg_time":"2019-05-01"}}' ${OPEN_API.htsScore}`,
      response: {
        code: 200,
        message: 'success',
        data: {
          company: '深圳市前海智汇科技有限公司',
          as_of: '2026-11-27',
          facts: {},
          evaluation: { score: 0 },
        },
      },
    },
  },
];

const COMMON = `所有接口以 Authorization: Bearer <API密钥> 认证（在会员中心「我的API」创建）。每次成功调用（HTTP 2xx）扣减 1 次 API 套餐调用次数；失败或被拒绝的调用不扣减。请求头 Idempotency-Key（不超过64个字符）使 24 小时内的重试返回同一结果且只扣一次。次数用完返回 HTTP 429（code ${42901}，调用次数已用完，请购买API套餐）；密钥无效或已撤销返回 HTTP 401（code 40101）；密钥被平台停用返回 HTTP 403（code 40301）；每个密钥每秒调用过多返回 HTTP 429（code 42902）。响应体统一为 {code, message, data}。`;

/** The open API's own OpenAPI 3.1 document, from the routes' zod schemas. */
function openApiDocument() {
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
            description: '重试同一调用时带相同的值：24 小时内返回同一结果，只扣一次',
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
          429: { description: '调用次数已用完，或调用过于频繁' },
        },
        'x-codeSamples': [{ lang: 'Shell', source: route.example.request }],
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: '查策网开放接口', version: '1.0.0', description: COMMON },
    servers: [{ url: '/' }],
    components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'API密钥' } } },
    paths,
  };
}

/** The document as a page a developer reads. */
function docsPage(site: Config['site']): string {
  const sections = OPEN_ROUTES.map(
    (r) => `<section><h2>${escapeHtml(r.summary)}</h2>
<p><code>${r.method} ${escapeHtml(r.url)}</code></p>
<p>${escapeHtml(r.description)}</p>
<h3>请求示例</h3><pre>${escapeHtml(r.example.request)}</pre>
<h3>响应示例</h3><pre>${escapeHtml(JSON.stringify(r.example.response, null, 2))}</pre></section>`,
  ).join('\n');
  return renderPage({
    title: '查策网开放接口文档',
    body: `<h1>查策网开放接口</h1><p>${escapeHtml(COMMON)}</p><p>OpenAPI 文档（JSON）：<a href="${OPEN_API.docsJson}">${OPEN_API.docsJson}</a></p>${sections}`,
    footer: [`客服热线：${site.hotline}（每天 8:00-18:00）`, site.copyright],
    homeUrl: site.mainSiteUrl,
  });
}

const productOf = (url: string | undefined) => OPEN_ROUTES.find((r) => r.url === url)?.product;

/** The Idempotency-Key header: up to 64 printable characters; anything else is no key at all (400). */
function idempotencyKey(request: FastifyRequest): string | undefined | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > 64 || hasIllegalChars(value))
    return null;
  return value;
}

export const openApiRoutes: FastifyPluginAsyncZod<{ openApi: OpenApiService; site: Config['site'] }> = async (
  app,
  { openApi, site },
) => {
  const config = { access: 'packages' } as const;
  const tags = ['open-api'];
  const userId = (request: FastifyRequest) => currentUser(request).account.id;

  app.get(
    API_KEYS_API.keys,
    { config, schema: { tags, summary: 'API密钥列表', response: { 200: envelope(z.array(apiKeySchema)) } } },
    async (request) => ok(await openApi.keys(userId(request))),
  );
  app.post(
    API_KEYS_API.keys,
    {
      config,
      schema: {
        tags,
        summary: '创建API密钥',
        description:
          'JSON：name（1-30个字符）、ip_allow（IP白名单，最多20个，空为不限）。返回的 key 只显示这一次，服务器只保存其哈希；最多保留10个未撤销的密钥。',
        body: apiKeyBody,
        response: { 200: envelope(apiKeyCreatedSchema) },
      },
    },
    async (request) => ok(await openApi.createKey(userId(request), request.body)),
  );
  app.delete(
    routePath(API_KEYS_API.key),
    {
      config,
      schema: {
        tags,
        summary: '撤销API密钥',
        params: z.object({ id: idField() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await openApi.revokeKey(userId(request), request.params.id);
      return ok(null);
    },
  );
  app.get(
    API_KEYS_API.usage,
    {
      config,
      schema: {
        tags,
        summary: 'API调用统计（近30天每日调用量、最近100次调用、剩余次数）',
        response: { 200: envelope(apiUsageSchema) },
      },
    },
    async (request) => ok(await openApi.usage(userId(request))),
  );

  app.get(OPEN_API.docsJson, { schema: { hide: true } }, async () => openApiDocument());
  app.get(OPEN_API.docs, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(docsPage(site)),
  );

  // The open API: the key first (before the input is read), then the answer, charged once it succeeded.
  await app.register(async (open) => {
    open.addHook('onRequest', async (request) => {
      if (!productOf(request.routeOptions.url)) return;
      request.openApiCaller = await openApi.authenticate(bearerToken(request) ?? undefined, request.ip);
    });
    open.addHook('onResponse', async (request, reply) => {
      const caller = request.openApiCaller;
      const product = productOf(request.routeOptions.url);
      // A charged call was logged with its charge.
      if (!caller || !product || request.openApiCharged === true) return;
      await openApi.log(caller, product, reply.statusCode);
    });

    const answer = async (
      request: FastifyRequest,
      product: string,
      compute: () => Promise<unknown> | unknown,
    ) => {
      const caller = request.openApiCaller;
      if (!caller) throw new Error('the open API hook did not authenticate');
      const idem = idempotencyKey(request);
      if (idem === null) throw errors.badRequest();
      if (idem !== undefined) {
        const kept = await openApi.answered(caller, idem);
        if (kept) return kept;
      }
      const fresh = { status: 200, body: JSON.stringify(ok(await compute())) };
      const final = await openApi.charge(caller, product, idem, fresh);
      request.openApiCharged = final === fresh;
      return final;
    };

    for (const route of OPEN_ROUTES) {
      open.route({
        method: route.method,
        url: route.url,
        schema: {
          tags: ['openapi'],
          summary: `${route.summary}（开放接口，API密钥认证）`,
          description: route.description,
          ...(route.query ? { querystring: route.query } : {}),
          ...(route.body ? { body: route.body } : {}),
        },
        handler: async (request, reply) => {
          const done = await answer(request, route.product, () => {
            const q = (request.query ?? {}) as never;
            if (route.product === 'policies') return openApi.policies(q);
            if (route.product === 'policy-items') return openApi.policyItems(q);
            if (route.product === 'publicity') return openApi.publicity(q);
            return openApi.htsScore(request.body as never);
          });
          return reply.code(done.status).type(JSON_TYPE).send(done.body);
        },
      });
    }
  });
};
