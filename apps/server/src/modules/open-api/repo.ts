// SQL of the open API: keys, the call log, the answers kept for Idempotency-Keys, and the four products' reads.
import { type Insertable, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { newestFirstList } from '../../db/listing.js';
import type { ApiCallsTable, ApiKeyRow, Database } from '../../db/schema.js';
import { containsText } from '../../lib/sql-contains.js';
import { POLICY_ITEM_COLUMNS } from '../content/columns.js';

// --- Keys ---

export function listKeys(db: Db, userId: number): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export async function countLiveKeys(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertKey(db: Db, row: Omit<ApiKeyRow, 'id'>): Promise<ApiKeyRow> {
  return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findKey(db: Db, id: number): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A key by its hash, with when staff put its owner (a main account: only they hold keys) on hold, if they did. */
export function findKeyByHash(
  db: Db,
  hash: string,
): Promise<(ApiKeyRow & { owner_held_at: string | null }) | undefined> {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('k')
    .select('u.staff_disabled_at as owner_held_at')
    .where('k.key_hash', '=', hash)
    .executeTakeFirst();
}

export async function revokeKey(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function touchKey(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}

// --- Calls ---

export async function insertCall(db: Db, row: Omit<Insertable<ApiCallsTable>, 'id'>): Promise<void> {
  await db.insertInto('api_calls').values(row).execute();
}

/** Charged calls per day since `fromDay` (YYYY-MM-DD, Asia/Shanghai). */
export function callsPerDay(db: Db, userId: number, fromDay: string) {
  return db
    .selectFrom('api_calls')
    .select(['day', (eb) => eb.fn.countAll<number>().as('calls')])
    .where('user_id', '=', userId)
    .where('charged', '=', 1)
    .where('day', '>=', fromDay)
    .groupBy('day')
    .execute();
}

export function recentCalls(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('api_calls as c')
    .innerJoin('api_keys as k', 'k.id', 'c.key_id')
    .select(['c.created_at', 'c.product', 'c.status', 'k.name as key_name'])
    .where('c.user_id', '=', userId)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

// --- Idempotency ---

export function findAnswer(db: Db, keyId: number, idemKey: string, since: string) {
  return db
    .selectFrom('api_idempotency')
    .select(['status', 'body', 'fingerprint'])
    .where('key_id', '=', keyId)
    .where('idem_key', '=', idemKey)
    .where('created_at', '>', since)
    .executeTakeFirst();
}

/** Keeps the answer of a key's call; false when one is kept already (another request with the key won). */
export async function keepAnswer(
  db: Db,
  row: {
    key_id: number;
    idem_key: string;
    fingerprint: string;
    status: number;
    body: string;
    created_at: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('api_idempotency')
    .values(row)
    .onConflict((oc) => oc.columns(['key_id', 'idem_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Forgets answers older than `before` (and the expired one a key is about to reuse). */
export async function forgetAnswers(db: Db, before: string, keyId?: number, idemKey?: string): Promise<void> {
  let query = db.deleteFrom('api_idempotency').where('created_at', '<=', before);
  if (keyId !== undefined && idemKey !== undefined) {
    query = query.where('key_id', '=', keyId).where('idem_key', '=', idemKey);
  }
  await query.execute();
}

// --- The products ---

/** `%text%` for LIKE, with the pattern characters of the text escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of `rows` newest first by `published` (ties by id), with the count of the filter `rows` selects from. */
async function newestPage<TB extends keyof Database, R>(
  filtered: SelectQueryBuilder<Database, TB, object>,
  rows: SelectQueryBuilder<Database, TB, R>,
  published: string,
  q: { limit: number; offset: number },
) {
  const [list, total] = await Promise.all([
    rows
      .orderBy(sql.ref(published), 'desc')
      .orderBy(sql.ref('id'), 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(total.n) };
}

export async function policyDocuments(
  db: Db,
  q: { keyword?: string; cityName?: string; now: string; limit: number; offset: number },
) {
  let query = db.selectFrom('news').where('publish_time', '<=', q.now);
  if (q.keyword) query = query.where(sql<boolean>`title like ${contains(q.keyword)} escape '\\'`);
  if (q.cityName) {
    const city = contains(q.cityName);
    query = query.where(sql<boolean>`(title like ${city} escape '\\' or source like ${city} escape '\\')`);
  }
  return newestPage(
    query,
    query.select(['guid', 'title', 'source', 'content', 'publish_time']),
    'publish_time',
    q,
  );
}

export async function policyItems(
  db: Db,
  q: {
    type?: string;
    keyword?: string;
    cityCode?: string;
    dept?: string;
    now: string;
    limit: number;
    offset: number;
  },
) {
  let query = db.selectFrom('policy_items').where('publish_time', '<=', q.now);
  if (q.type) query = query.where('type', '=', q.type);
  if (q.keyword) query = query.where(sql<boolean>`title like ${contains(q.keyword)} escape '\\'`);
  if (q.dept) query = query.where(sql<boolean>`dept_name like ${contains(q.dept)} escape '\\'`);
  // A city's items and the province-wide ones.
  if (q.cityCode)
    query = query.where((eb) => eb.or([eb('city_code', '=', q.cityCode ?? ''), eb('city_code', 'is', null)]));
  return newestPage(query, query.select(POLICY_ITEM_COLUMNS), 'publish_time', q);
}

/** The rows of these ids in the ids' order (a search's page): unknown ids left out. */
function inOrder<R extends { id: number }>(ids: readonly number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The policy items of a search's page, in its order. */
export async function policyItemsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return inOrder(
    ids,
    await db.selectFrom('policy_items').select(POLICY_ITEM_COLUMNS).where('id', 'in', ids).execute(),
  );
}

/** The news articles of a search's page, in its order. */
export async function policyDocumentsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return inOrder(
    ids,
    await db
      .selectFrom('news')
      .select(['id', 'guid', 'title', 'source', 'content', 'publish_time'])
      .where('id', 'in', ids)
      .execute(),
  );
}

export async function publicity(
  db: Db,
  q: { company?: string; since: string; limit: number; offset: number },
) {
  let query = db.selectFrom('publicity_items').where('publishtime', '>=', q.since);
  if (q.company) query = query.where(sql<boolean>`companyname like ${contains(q.company)} escape '\\'`);
  return newestPage(
    query,
    query.select(['identityid', 'title', 'companyname', 'dept', 'publishtime', 'qualification']),
    'publishtime',
    q,
  );
}

// --- The console's API section ---

export interface StaffKeyFilter {
  /** The member's id. */
  userId?: number | undefined;
  /** Part of the member's username. */
  username?: string | undefined;
  status?: 'active' | 'suspended' | 'revoked' | undefined;
}

function staffKeys(db: Db, f: StaffKeyFilter) {
  let query = db.selectFrom('api_keys as k').innerJoin('users as u', 'u.id', 'k.user_id');
  if (f.userId !== undefined) query = query.where('k.user_id', '=', f.userId);
  if (f.username) query = query.where(containsText('u.username', f.username));
  // A revoked key stays revoked whatever staff did; a suspended one is suspended and not revoked.
  if (f.status === 'revoked') query = query.where('k.revoked_at', 'is not', null);
  if (f.status === 'suspended')
    query = query.where('k.revoked_at', 'is', null).where('k.suspended_at', 'is not', null);
  if (f.status === 'active')
    query = query.where('k.revoked_at', 'is', null).where('k.suspended_at', 'is', null);
  return query;
}

/** Keys of the filter with their member, newest first (`beforeId` continues an export after the last row read). */
export const staffKeyList = newestFirstList(
  staffKeys,
  (query) =>
    query.select([
      'k.id',
      'k.user_id',
      'k.name',
      'k.prefix',
      'k.created_at',
      'k.last_used_at',
      'k.revoked_at',
      'k.suspended_at',
      'u.username',
      'u.company_name',
    ]),
  'k.id',
);

export type StaffKeyRow = Awaited<ReturnType<typeof staffKeyList.rows>>[number];

/** Charged calls per key since `fromDay` (YYYY-MM-DD, Asia/Shanghai), for the keys given. */
export async function chargedCallsOfKeys(db: Db, keyIds: readonly number[], fromDay: string) {
  if (keyIds.length === 0) return [];
  return db
    .selectFrom('api_calls')
    .select(['key_id', (eb) => eb.fn.countAll<number | string | bigint>().as('calls')])
    .where('key_id', 'in', keyIds)
    .where('charged', '=', 1)
    .where('day', '>=', fromDay)
    .groupBy('key_id')
    .execute();
}

/** A key's calls per day between two Shanghai days (inclusive): all of them and the charged ones. */
export function keyCallsPerDay(db: Db, keyId: number, fromDay: string, toDay: string) {
  return db
    .selectFrom('api_calls')
    .select([
      'day',
      (eb) => eb.fn.countAll<number | string | bigint>().as('calls'),
      (eb) => eb.fn.sum<number | string | bigint>('charged').as('charged'),
    ])
    .where('key_id', '=', keyId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .groupBy('day')
    .execute();
}

/** Sets staff's suspension of a key (`at`) or lifts it (null). */
export async function updateKeySuspended(db: Db, id: number, at: string | null): Promise<void> {
  await db.updateTable('api_keys').set({ suspended_at: at }).where('id', '=', id).execute();
}
