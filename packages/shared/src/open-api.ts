// The API package a member calls (docs/requirements.md §9 gid 14: 政策源库, 标准化政策库, 资助公示查询, 高企评分): keys it creates on
// 我的API, the open API under /openapi/v1/ they authenticate, one call of the package's quota per successful call
// (docs/decisions.md "Open API").
import { z } from 'zod';
import { textField } from './fields.js';
import { MSG } from './messages.js';

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
