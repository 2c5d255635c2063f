// The open API (docs/decisions.md "open-api"): keys a member creates (only their SHA-256 kept), a call authenticated by
// one, limited per key and second in the shared store, answered from the four products, and charged one call of the
// member's API package in one transaction with the answer kept for its Idempotency-Key, by a conditional update that
// never takes more than is left. An Idempotency-Key is bound to the request it was first used for (its fingerprint):
// used again for another one, it is refused (422). Refused and failed calls, and answers that wait for more of the
// caller's data (资料待补充), are logged, never charged.
import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_MAX,
  type ApiKey,
  type ApiKeyCreated,
  type ApiSurplus,
  type ApiUsage,
  cityByCode,
  DAY_MS,
  emptyFacts,
  evaluateHightech,
  htsComplete,
  MSG,
  mergeFacts,
  OPEN_API_CODE,
  type OpenApiPolicy,
  type OpenApiPolicyItem,
  type OpenApiPublicityItem,
  type Page,
  parseJson,
  shanghaiDate,
} from '@uc/shared';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import type { ApiKeyRow } from '../../db/schema.js';
import { AppError, errors } from '../../errors.js';
import type { KeyValue } from '../../lib/kv.js';
import type { ApiKeyCaller } from '../../plugins/api-key-auth.js';
import { authorize, mainAccount } from '../access/policies.js';
import { useApiCall } from '../commerce/quota.js';
import {
  callsPerDay,
  countLiveKeys,
  findAnswer,
  findKey,
  findKeyByHash,
  forgetAnswers,
  insertCall,
  insertKey,
  keepAnswer,
  listKeys,
  policyDocuments,
  policyDocumentsByIds,
  policyItems,
  policyItemsByIds,
  publicity,
  recentCalls,
  revokeKey,
  touchKey,
} from './repo.js';

/** How long an Idempotency-Key's answer is kept. */
export const IDEMPOTENCY_MS = DAY_MS;
const KEY_PREFIX = 'ccw_';
const USAGE_DAYS = 30;
const RECENT_CALLS = 100;
/** 资助公示查询 covers the last two years. */
const PUBLICITY_YEARS = 2;

/** The key a call was made with (the API-key plugin puts it on the request). */
export type Caller = ApiKeyCaller;

/** A call's answer, kept for its Idempotency-Key. */
export interface Answer {
  status: number;
  body: string;
}

/** A request as its Idempotency-Key is bound to it: the parameters as the route parsed them (trimmed, defaults set). */
export interface IdempotentRequest {
  key: string;
  method: string;
  product: string;
  params: unknown;
}

/** The value with every object's keys sorted and undefined fields left out, so equal requests give equal JSON. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, canonical(v)]),
  );
}

/** SHA-256 of the method, product and normalised parameters: what a kept answer must match to be given again. */
export function fingerprintOf(request: Omit<IdempotentRequest, 'key'>): string {
  const { method, product, params } = request;
  return hashOf(JSON.stringify(canonical({ method: method.toUpperCase(), product, params })));
}

const ipList = z.array(z.string());
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export const keyInvalid = () => new AppError(401, OPEN_API_CODE.keyInvalid, MSG.apiKeyInvalid);
export const quotaExhausted = () => new AppError(429, OPEN_API_CODE.quotaExhausted, MSG.apiQuotaExhausted);
const keySuspended = () => new AppError(403, OPEN_API_CODE.keySuspended, MSG.apiKeySuspended);
const memberHeld = () => new AppError(403, OPEN_API_CODE.memberHeld, MSG.memberDisabledByStaff);
const rateLimited = () => new AppError(429, OPEN_API_CODE.rateLimited, MSG.apiRateLimited);
const keyReused = () => new AppError(422, OPEN_API_CODE.idempotencyKeyReused, MSG.apiIdempotencyKeyReused);

/** A kept answer for the request: given again when the fingerprints match, else 422 (none kept: undefined). */
function replayOf(
  kept: (Answer & { fingerprint: string | null }) | undefined,
  request: IdempotentRequest,
): Answer | undefined {
  if (!kept) return undefined;
  // An answer kept without a fingerprint (before they were kept) matches no request.
  if (kept.fingerprint !== fingerprintOf(request)) throw keyReused();
  return { status: kept.status, body: kept.body };
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    ip_allow: parseJson(row.ip_allow, ipList) ?? [],
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
}

/** With `q`, a `keyword` is one more word the notice must hold (in its title or body). */
const withKeyword = (q: string, keyword?: string) => (keyword ? `${q} ${keyword}` : q);

interface OpenApiDeps {
  db: Db;
  now: () => Date;
  kv: KeyValue;
  ratePerSecond: number;
  /** The package's balance (commerce's). */
  surplus(userId: number): Promise<ApiSurplus>;
  /** The member search (the search module's): `q` of policy-items and policies. */
  search: NoticeSearch;
}

/** The notices of one kind matching words, ids in the search's order, and their total (the search module's `ids`). */
export interface NoticeSearch {
  ids(
    filter: { q: string; kind: 'policy' | 'news'; type?: string; city?: string; dept?: string },
    limit: number,
    offset: number,
  ): Promise<{ ids: number[]; total: number }>;
}

export function createOpenApiService({ db, now, kv, ratePerSecond, surplus, search }: OpenApiDeps) {
  /** The page `q` asks for of a product's list: `read` gets its window of rows and the total, `item` answers a row. */
  async function productPage<R, T>(
    q: { page: number; size: number },
    read: (window: { limit: number; offset: number }) => Promise<{ rows: R[]; total: number }>,
    item: (row: R) => T,
  ): Promise<Page<T>> {
    const { rows, total } = await read({ limit: q.size, offset: (q.page - 1) * q.size });
    return { total, page: q.page, size: q.size, list: rows.map(item) };
  }

  /** A window of a search's matches as rows (`q`: the member search's matching, order and filters). */
  async function searched<R>(
    filter: Parameters<NoticeSearch['ids']>[0],
    window: { limit: number; offset: number },
    rows: (ids: number[]) => Promise<R[]>,
  ): Promise<{ rows: R[]; total: number }> {
    const { ids, total } = await search.ids(filter, window.limit, window.offset);
    return { rows: await rows(ids), total };
  }

  return {
    async keys(userId: number): Promise<ApiKey[]> {
      return (await listKeys(db, userId)).map(toApiKey);
    },

    async createKey(userId: number, input: { name: string; ip_allow: string[] }): Promise<ApiKeyCreated> {
      if ((await countLiveKeys(db, userId)) >= API_KEY_MAX) throw errors.badRequest(MSG.apiKeyLimit);
      const key = `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const row = await insertKey(db, {
        user_id: userId,
        name: input.name,
        prefix: key.slice(0, KEY_PREFIX.length + 8),
        key_hash: hashOf(key),
        ip_allow: JSON.stringify(input.ip_allow),
        created_at: now().toISOString(),
        last_used_at: null,
        revoked_at: null,
        suspended_at: null,
      });
      return { ...toApiKey(row), key };
    },

    async revokeKey(userId: number, id: number): Promise<void> {
      authorize(mainAccount(userId), 'apiKey.revoke', await findKey(db, id));
      await revokeKey(db, id, now().toISOString());
    },

    async usage(userId: number): Promise<ApiUsage> {
      const at = now();
      const days = Array.from({ length: USAGE_DAYS }, (_, i) =>
        shanghaiDate(new Date(at.getTime() - (USAGE_DAYS - 1 - i) * DAY_MS).toISOString()),
      );
      const [counted, recent, balance] = await Promise.all([
        callsPerDay(db, userId, days[0] ?? ''),
        recentCalls(db, userId, RECENT_CALLS),
        surplus(userId),
      ]);
      const perDay = new Map(counted.map((c) => [c.day, Number(c.calls)]));
      return {
        days: days.map((date) => ({ date, calls: perDay.get(date) ?? 0 })),
        recent: recent.map((c) => ({
          at: c.created_at,
          product: c.product,
          status: c.status,
          key_name: c.key_name,
        })),
        ...balance,
      };
    },

    /**
     * The caller of a bearer key from `ip`: 401 for an unknown, revoked or not-allowed key; 403 for one staff
     * suspended; 429 over its rate.
     */
    async authenticate(bearer: string | undefined, ip: string): Promise<Caller> {
      if (!bearer?.startsWith(KEY_PREFIX) || bearer.length > 64) throw keyInvalid();
      const key = await findKeyByHash(db, hashOf(bearer));
      if (!key || key.revoked_at !== null) throw keyInvalid();
      if (key.suspended_at !== null) throw keySuspended();
      if (key.owner_held_at !== null) throw memberHeld();
      const allowed = parseJson(key.ip_allow, ipList) ?? [];
      if (allowed.length > 0 && !allowed.includes(ip)) throw keyInvalid();
      const second = Math.floor(now().getTime() / 1000);
      if ((await kv.incr(`openapi:rate:${key.id}:${second}`, 2_000)) > ratePerSecond) throw rateLimited();
      return { keyId: key.id, userId: key.user_id };
    },

    /**
     * The answer kept for the request's Idempotency-Key within the last 24 hours, if any; 422 when the key was used
     * for another request (other parameters, or another product).
     */
    async answered(caller: Caller, request: IdempotentRequest): Promise<Answer | undefined> {
      const since = new Date(now().getTime() - IDEMPOTENCY_MS).toISOString();
      return replayOf(await findAnswer(db, caller.keyId, request.key, since), request);
    },

    /**
     * Charges a successful call one call of the package (`complete` false: an answer waiting for the caller's data,
     * logged free) and keeps its answer for the Idempotency-Key, in one transaction: the answer another request with
     * the same key kept first is returned instead (nothing charged; 422 if it was another request); none left: 429
     * 调用次数已用完.
     */
    async charge(
      caller: Caller,
      product: string,
      idem: IdempotentRequest | undefined,
      answer: Answer,
      complete = true,
    ): Promise<Answer> {
      const at = now();
      const stamp = at.toISOString();
      const kept = await db.transaction().execute(async (trx) => {
        if (idem !== undefined) {
          // An expired answer under the same key makes room for this one.
          await forgetAnswers(
            trx,
            new Date(at.getTime() - IDEMPOTENCY_MS).toISOString(),
            caller.keyId,
            idem.key,
          );
          const won = await keepAnswer(trx, {
            key_id: caller.keyId,
            idem_key: idem.key,
            fingerprint: fingerprintOf(idem),
            ...answer,
            created_at: stamp,
          });
          if (!won) return 'replay' as const;
        }
        if (complete && !(await useApiCall(trx, caller.userId, at))) throw quotaExhausted();
        // The call's log row and the key's last use go with the charge: one commit per call.
        await insertCall(trx, {
          user_id: caller.userId,
          key_id: caller.keyId,
          product,
          status: answer.status,
          charged: complete ? 1 : 0,
          day: shanghaiDate(stamp),
          created_at: stamp,
        });
        await touchKey(trx, caller.keyId, stamp);
        return 'charged' as const;
      });
      if (kept === 'replay' && idem !== undefined) {
        const first = replayOf(await findAnswer(db, caller.keyId, idem.key, new Date(0).toISOString()), idem);
        if (first) return first;
      }
      return answer;
    },

    /** Logs a call that was not charged (refused, failed, or answered again for its Idempotency-Key). */
    async log(caller: Caller, product: string, status: number): Promise<void> {
      const at = now().toISOString();
      await insertCall(db, {
        user_id: caller.userId,
        key_id: caller.keyId,
        product,
        status,
        charged: 0,
        day: shanghaiDate(at),
        created_at: at,
      });
    },

    /** Forgets the answers kept longer than 24 hours (called from time to time). */
    forgetOld: () => forgetAnswers(db, new Date(now().getTime() - IDEMPOTENCY_MS).toISOString()),

    async policies(q: {
      q?: string;
      keyword?: string;
      city?: string;
      page: number;
      size: number;
    }): Promise<Page<OpenApiPolicy>> {
      const cityName = q.city ? cityByCode(q.city)?.cityname : undefined;
      return productPage(
        q,
        (window) =>
          q.q
            ? searched({ q: withKeyword(q.q, q.keyword), kind: 'news' }, window, (ids) =>
                policyDocumentsByIds(db, ids),
              )
            : policyDocuments(db, {
                keyword: q.keyword,
                cityName,
                now: now().toISOString(),
                ...window,
              }),
        (r) => ({
          id: r.guid,
          title: r.title,
          source: r.source,
          publish_time: r.publish_time,
          content: r.content,
        }),
      );
    },

    async policyItems(q: {
      q?: string;
      type?: string;
      keyword?: string;
      city?: string;
      dept?: string;
      page: number;
      size: number;
    }): Promise<Page<OpenApiPolicyItem>> {
      const at = now().toISOString();
      return productPage(
        q,
        (window) =>
          q.q
            ? searched(
                { q: withKeyword(q.q, q.keyword), kind: 'policy', type: q.type, city: q.city, dept: q.dept },
                window,
                (ids) => policyItemsByIds(db, ids),
              )
            : policyItems(db, {
                type: q.type,
                keyword: q.keyword,
                cityCode: q.city,
                dept: q.dept,
                now: at,
                ...window,
              }),
        (r) => ({
          id: r.id,
          type: r.type,
          title: r.title,
          dept: r.dept_name,
          publish_time: r.publish_time,
          deadline: r.end_time,
          open: r.end_time === null || r.end_time > at,
          conditions: {
            city: r.city_code ?? null,
            area: r.area_code ?? null,
            industry: r.industry_code ?? null,
          },
        }),
      );
    },

    async publicity(q: {
      company?: string;
      page: number;
      size: number;
    }): Promise<Page<OpenApiPublicityItem>> {
      const at = now();
      const since = new Date(at);
      since.setUTCFullYear(since.getUTCFullYear() - PUBLICITY_YEARS);
      return productPage(
        q,
        (window) =>
          publicity(db, {
            company: q.company,
            since: since.toISOString(),
            ...window,
          }),
        (r) => ({
          id: r.identityid,
          title: r.title,
          company: r.companyname,
          dept: r.dept,
          publish_time: r.publishtime,
          qualification: r.qualification,
        }),
      );
    },

    /**
     * 高企评分 by the rules of the 高企评分 page, on the answers given (the company named as asked); `charged` false
     * while it waits for answers (资料待补充): such an answer is free.
     */
    htsScore(q: { company: string; answers?: Parameters<typeof mergeFacts>[1] | undefined }) {
      const facts = mergeFacts(emptyFacts(), q.answers ?? {});
      const day = shanghaiDate(now().toISOString());
      const evaluation = evaluateHightech(facts, day);
      return { company: q.company, as_of: day, facts, evaluation, charged: htsComplete(evaluation) };
    },
  };
}

export type OpenApiService = ReturnType<typeof createOpenApiService>;
