// The API package a member calls (docs/requirements.md §9 gid 14: 政策源库, 标准化政策库, 资助公示查询, 高企评分): keys it creates on
// 我的API, the open API under /openapi/v1/ they authenticate, one call of the package's quota per successful call
// (docs/decisions.md "open-api").
import { z } from 'zod';
import { textField } from './fields.js';
import { MSG } from './messages.js';
import { POLICY_CATEGORIES } from './policy.js';
import { cityByCode } from './regions.js';
import { companyFactsSchema } from './rules/facts-schema.js';
import { SEARCH_TOTAL_CAP, searchQueryFields } from './search.js';

/** The member's key management (the product's own paths). */
export const API_KEYS_API = {
  /** GET -> ApiKey[]; POST ApiKeyInput -> ApiKeyCreated (the key itself shown this once). */
  keys: '/api/ccw/apikeys/',
  /** DELETE: revokes a key (it answers 401 from then on). */
  key: '/api/ccw/apikeys/{id}/',
  /** GET -> ApiUsage: calls per day for 30 days, the last 100 calls, the balance. */
  usage: '/api/ccw/apikeys/usage/',
} as const;

/** The open API: `Authorization: Bearer <key>`, JSON. */
export const OPEN_API = {
  base: '/openapi/v1',
  /** Its own OpenAPI document (JSON) and the page that shows it. */
  docs: '/openapi/v1/docs',
  docsJson: '/openapi/v1/docs/json',
  policies: '/openapi/v1/policies',
  policyItems: '/openapi/v1/policy-items',
  publicity: '/openapi/v1/publicity',
  htsScore: '/openapi/v1/hts-score',
} as const;

/** The four products of the package, as the call log and the page name them. */
export const OPEN_API_PRODUCTS = [
  { key: 'policies', name: '政策源库' },
  { key: 'policy-items', name: '标准化政策库' },
  { key: 'publicity', name: '资助公示查询' },
  { key: 'hts-score', name: '高企评分' },
] as const;
export type OpenApiProduct = (typeof OPEN_API_PRODUCTS)[number]['key'];

/** Body codes of the open API's refusals (HTTP 401/429 carry them too). */
export const OPEN_API_CODE = {
  /** The key is unknown, revoked, or not allowed from this IP. */
  keyInvalid: 40101,
  /** The key is suspended by the platform's staff (the member cannot lift it). */
  keySuspended: 40301,
  /** Staff hold the key's member (until staff lift the hold; the member's keys are kept). */
  memberHeld: 40302,
  /** The package's calls are used up (or it expired). */
  quotaExhausted: 42901,
  /** More calls per second than the key may make. */
  rateLimited: 42902,
  /** The Idempotency-Key was used for another request (other parameters or product) within 24 hours. */
  idempotencyKeyReused: 42201,
} as const;

/** A member keeps at most this many keys that are not revoked. */
export const API_KEY_MAX = 10;
/** Addresses an allow-list may hold. */
export const API_KEY_IPS_MAX = 20;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]{2,39}$/i;

/** An IPv4 or IPv6 address as a client is seen from (no ranges). */
export const isIpAddress = (text: string): boolean =>
  IPV4.test(text) || (text.includes(':') && IPV6.test(text));

/** POST /api/ccw/apikeys/ */
export const apiKeyBody = z.object({
  name: textField(30, { error: MSG.apiKeyNameInvalid, tooLong: MSG.apiKeyNameInvalid })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, MSG.apiKeyNameInvalid),
  /** Only calls from these addresses are accepted (empty: from anywhere). */
  ip_allow: z
    .array(textField(39, { error: MSG.apiKeyIpInvalid, tooLong: MSG.apiKeyIpInvalid }), {
      error: MSG.apiKeyIpInvalid,
    })
    .max(API_KEY_IPS_MAX, MSG.apiKeyIpInvalid)
    .optional()
    .default([])
    .transform((ips) => [...new Set(ips.map((ip) => ip.trim()).filter(Boolean))])
    .refine((ips) => ips.every(isIpAddress), MSG.apiKeyIpInvalid),
});
export type ApiKeyInput = z.input<typeof apiKeyBody>;

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (the rest is never shown again). */
  prefix: z.string(),
  ip_allow: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreatedSchema = apiKeySchema.extend({
  /** The whole key: shown this once, stored only as its hash. */
  key: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiUsageSchema = z.object({
  /** The last 30 days (Asia/Shanghai), oldest first: the calls charged each day. */
  days: z.array(z.object({ date: z.string(), calls: z.number() })),
  /** The last 100 calls, newest first: when, which product, the HTTP status answered. */
  recent: z.array(
    z.object({ at: z.string(), product: z.string(), status: z.number(), key_name: z.string() }),
  ),
  /** The package's balance (as GET /api/ccw/goods/pay/service/surplus/). */
  total: z.number(),
  used: z.number(),
  surplus: z.number(),
  expired_time: z.string().nullable(),
});
export type ApiUsage = z.infer<typeof apiUsageSchema>;

// The open API's contract: what its four products read and answer (the server adds its paging fields, page and size,
// to the filters, and wraps each answer in the {code, message, data} envelope). The descriptions are the ones its
// OpenAPI document shows a developer.

const openKeyword = textField(50).trim().optional();
/** Any words of the title or body: the member search's matching and order (search.ts). */
const openSearch = searchQueryFields.q
  .optional()
  .describe(
    `标题和正文中的任意词（2-50个字；多个词用空格分开，须全部出现；中文任意2个字以上的片段均可）。给出 q 时按标题命中在前、再按发布时间排序，total 最多计到${SEARCH_TOTAL_CAP}`,
  );
const openCity = textField(12)
  .trim()
  .refine((code) => cityByCode(code) !== undefined, MSG.cityInvalid)
  .optional();

/** GET /openapi/v1/policies: the filters. */
export const openApiPoliciesFilter = z.object({
  q: openSearch,
  keyword: openKeyword.describe('标题关键词，如「高新技术企业」'),
  city: openCity.describe('城市代码，如 440300（深圳市）'),
});

/** GET /openapi/v1/policy-items: the filters. */
export const openApiPolicyItemsFilter = z.object({
  q: openSearch,
  type: z
    .enum(POLICY_CATEGORIES.map((c) => c.key) as [string, ...string[]], { error: MSG.badRequest })
    .optional()
    .describe('sbtz 申报通知、gsgg 公示公告、zcdt 政策动态'),
  keyword: openKeyword.describe('标题关键词'),
  city: openCity.describe('城市代码（同时返回全省适用的项目）'),
  dept: textField(50).trim().optional().describe('发文部门关键词，如「科技创新委员会」'),
});

/** GET /openapi/v1/publicity: the filters. */
export const openApiPublicityFilter = z.object({
  company: textField(100).trim().optional().describe('企业名称关键词'),
});

/** POST /openapi/v1/hts-score */
export const openApiHtsScoreBody = z.object({
  company: textField(100, { error: MSG.openApiCompanyRequired, tooLong: MSG.openApiCompanyRequired })
    .trim()
    .min(2, MSG.openApiCompanyRequired)
    .describe('企业名称或统一社会信用代码'),
  answers: companyFactsSchema
    .optional()
    .describe('企业情况（与会员中心「高企评分」页相同的字段），未提供的按未知计'),
});
export type OpenApiHtsScoreInput = z.input<typeof openApiHtsScoreBody>;

/** A page of one of the open API's lists. */
export const openApiListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number(), page: z.number(), size: z.number(), list: z.array(item) });

/** 政策源库: a policy document. */
export const openApiPolicySchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string(),
  publish_time: z.string(),
  content: z.string(),
});
export type OpenApiPolicy = z.infer<typeof openApiPolicySchema>;

/** 标准化政策库: a policy item and the conditions it applies under. */
export const openApiPolicyItemSchema = z.object({
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
export type OpenApiPolicyItem = z.infer<typeof openApiPolicyItemSchema>;

/** 资助公示查询: a publicity row. */
export const openApiPublicityItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  dept: z.string(),
  publish_time: z.string(),
  qualification: z.string(),
});
export type OpenApiPublicityItem = z.infer<typeof openApiPublicityItemSchema>;

/** 高企评分: the evaluation of a company's facts. */
export const openApiHtsScoreSchema = z.object({
  company: z.string(),
  as_of: z.string(),
  facts: z.unknown(),
  evaluation: z.unknown(),
  charged: z.boolean().describe('false：资料待补充（未得出结论），本次不扣次数'),
});
export type OpenApiHtsScore = z.infer<typeof openApiHtsScoreSchema>;
