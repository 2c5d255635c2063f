// SQL over the member's subscriptions, own publicity items, push settings and the lists of 我的订阅: policy items by
// type and settings, the publicity naming the member's customers, the publicity search, and the publication outbox.
import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql } from 'kysely';
import { PUBLICITY_COLUMNS } from '../../db/columns.js';
import type { Db } from '../../db/connection.js';
import type { Database, PolicyItemsTable, PushDigestChannel, PushSettingsTable } from '../../db/schema.js';
import type { RegionTerms } from './matching.js';

export function listSubscriptions(db: Db, memberId: number, limit: number) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'title'])
    .where('user_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listOwnPublicity(db: Db, memberId: number, limit: number, offset = 0) {
  return db
    .selectFrom('own_publicity')
    .select(['id', 'title', 'title2', 'dept_name', 'publish_time'])
    .where('user_id', '=', memberId)
    .orderBy('publish_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOwnPublicity(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('own_publicity')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// ------------------------------------------------------------------------------------------- push settings

export function findSettings(db: Db, memberId: number) {
  return db.selectFrom('push_settings').selectAll().where('user_id', '=', memberId).executeTakeFirst();
}

export async function saveSettings(db: Db, row: Insertable<PushSettingsTable>): Promise<void> {
  const { user_id, ...columns } = row;
  await db
    .insertInto('push_settings')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(columns))
    .execute();
}

/** Issuing departments of every policy item, for the settings' picker. */
export async function departmentNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('policy_items')
    .select('dept_name')
    .distinct()
    .orderBy('dept_name')
    .execute();
  return rows.map((r) => r.dept_name);
}

// ------------------------------------------------------------------------------------------- policy feed

/** What a policy list selects; empty lists select all. */
export interface FeedFilter {
  types: readonly string[];
  regions: RegionTerms;
  departments: readonly string[];
  industries: readonly string[];
  keywords: readonly string[];
  /** Part of the title. */
  title?: string;
}

/** "`column` contains `text`": a LIKE with its wildcards escaped (the same ESCAPE on SQLite and PostgreSQL). */
function contains(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

function feedWhere(filter: FeedFilter, now: string) {
  return (eb: ExpressionBuilder<Database, 'policy_items'>) => {
    const terms: Expression<SqlBool>[] = [eb('publish_time', '<=', now)];
    if (filter.types.length > 0) terms.push(eb('type', 'in', [...filter.types]));
    const { regions } = filter;
    if (!regions.all) {
      const anyOf: Expression<SqlBool>[] = [eb('city_code', 'is', null)];
      if (regions.cities.length > 0) anyOf.push(eb('city_code', 'in', regions.cities));
      for (const d of regions.districts)
        anyOf.push(
          eb.and([
            eb('city_code', '=', d.city),
            eb.or([eb('area_code', 'is', null), eb('area_code', '=', d.area)]),
          ]),
        );
      terms.push(eb.or(anyOf));
    }
    if (filter.departments.length > 0) terms.push(eb('dept_name', 'in', [...filter.departments]));
    if (filter.industries.length > 0)
      terms.push(eb.or([eb('industry_code', 'is', null), eb('industry_code', 'in', [...filter.industries])]));
    if (filter.keywords.length > 0) terms.push(eb.or(filter.keywords.map((k) => contains('title', k))));
    if (filter.title) terms.push(contains('title', filter.title));
    return eb.and(terms);
  };
}

const FEED_COLUMNS = [
  'id',
  'type',
  'title',
  'dept_name',
  'city_code',
  'area_code',
  'publish_time',
  'end_time',
] as const;

export function listFeed(db: Db, filter: FeedFilter, now: string, limit: number, offset: number) {
  return db
    .selectFrom('policy_items')
    .select(FEED_COLUMNS)
    .where(feedWhere(filter, now))
    .orderBy('publish_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countFeed(db: Db, filter: FeedFilter, now: string): Promise<number> {
  const row = await db
    .selectFrom('policy_items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(feedWhere(filter, now))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Open items of the filter (published, deadline in [from, to] and not passed at `now`), nearest deadline first. */
export function listDeadlines(
  db: Db,
  filter: FeedFilter,
  now: string,
  from: string,
  to: string,
  limit: number,
) {
  const start = from > now ? from : now;
  return db
    .selectFrom('policy_items')
    .select(FEED_COLUMNS)
    .where(feedWhere(filter, now))
    .where('end_time', '>=', start)
    .where('end_time', '<=', to)
    .orderBy('end_time')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A batch of the list after `after` (keyset: newest first), for the export. */
export function feedBatch(
  db: Db,
  filter: FeedFilter,
  now: string,
  after: { publish_time: string; id: number } | undefined,
  limit: number,
) {
  return db
    .selectFrom('policy_items')
    .select(FEED_COLUMNS)
    .where(feedWhere(filter, now))
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('publish_time', '<', after?.publish_time ?? ''),
          eb.and([eb('publish_time', '=', after?.publish_time ?? ''), eb('id', '<', after?.id ?? 0)]),
        ]),
      ),
    )
    .orderBy('publish_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ------------------------------------------------------------------------------------------- publicity

/** A publicity item with its id: the feed pages by (publishtime, id). */
const PUBLICITY_ROW_COLUMNS = ['id', ...PUBLICITY_COLUMNS] as const;

/** Whose publicity: the member's customers (with an optional search in title or company), or any company. */
export type PublicityFilter =
  | { user_id: number; search?: string }
  | { companyContains?: string }
  | { company: string };

function publicityWhere(filter: PublicityFilter) {
  return (eb: ExpressionBuilder<Database, 'publicity_items'>) => {
    if ('user_id' in filter) {
      const own = eb('user_id', '=', filter.user_id);
      if (!filter.search) return own;
      return eb.and([own, eb.or([contains('title', filter.search), contains('companyname', filter.search)])]);
    }
    if ('company' in filter) return eb('companyname', '=', filter.company);
    return filter.companyContains ? contains('companyname', filter.companyContains) : sql<SqlBool>`1 = 1`;
  };
}

export function listPublicityPage(db: Db, filter: PublicityFilter, limit: number, offset: number) {
  return db
    .selectFrom('publicity_items')
    .select(PUBLICITY_ROW_COLUMNS)
    .where(publicityWhere(filter))
    .orderBy('publishtime', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Entries of the filter. A search over every company's publicity counts at most PUBLICITY_COUNT_MAX (a common word
 * matches a large share of a big table; counting past what anyone pages through is a scan for nothing).
 */
export async function countPublicity(db: Db, filter: PublicityFilter): Promise<number> {
  const matching = db.selectFrom('publicity_items').select('id').where(publicityWhere(filter));
  const capped = 'user_id' in filter ? matching : matching.limit(PUBLICITY_COUNT_MAX);
  const row = await db
    .selectFrom(capped.as('m'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The most entries a publicity search counts (its total says 1000 when there are more). */
export const PUBLICITY_COUNT_MAX = 1_000;

export function publicityBatch(
  db: Db,
  filter: PublicityFilter,
  after: { publishtime: string; id: number } | undefined,
  limit: number,
) {
  return db
    .selectFrom('publicity_items')
    .select(PUBLICITY_ROW_COLUMNS)
    .where(publicityWhere(filter))
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('publishtime', '<', after?.publishtime ?? ''),
          eb.and([eb('publishtime', '=', after?.publishtime ?? ''), eb('id', '<', after?.id ?? 0)]),
        ]),
      ),
    )
    .orderBy('publishtime', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findProject(db: Db, mid: number) {
  return db.selectFrom('projects').selectAll().where('mid', '=', mid).executeTakeFirst();
}

// ------------------------------------------------------------------------------------------- publishing

/** A policy item to publish (the database assigns its id). */
export type NewPolicyItem = Omit<Insertable<PolicyItemsTable>, 'id'>;

/**
 * Inserts the item and its place in the outbox, in one transaction; `within` adds to that transaction (the console's
 * audit row), so the item, its push and its audit commit or roll back together.
 */
export function insertPublished(
  db: Db,
  item: NewPolicyItem,
  within?: (trx: Db, id: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('policy_items')
      .values(item)
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('policy_publications').values({ item_id: id, due_at: item.publish_time }).execute();
    await within?.(trx, id);
    return id;
  });
}

/** Items whose publish time has passed and that nobody has pushed yet, oldest first. */
export function duePublications(db: Db, now: string, limit: number) {
  return db
    .selectFrom('policy_publications')
    .innerJoin('policy_items', 'policy_items.id', 'policy_publications.item_id')
    .select([
      'policy_items.id',
      'policy_items.type',
      'policy_items.title',
      'policy_items.dept_name',
      'policy_items.city_code',
      'policy_items.area_code',
      'policy_items.industry_code',
      'policy_items.publish_time',
    ])
    .where('policy_publications.dispatched_at', 'is', null)
    .where('policy_publications.due_at', '<=', now)
    .orderBy('policy_publications.due_at')
    .limit(limit)
    .execute();
}

/** Claims one item for this instance: true when nobody else has. */
export async function claimPublication(db: Db, itemId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('policy_publications')
    .set({ dispatched_at: now })
    .where('item_id', '=', itemId)
    .where('dispatched_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordMatched(db: Db, itemId: number, matched: number): Promise<void> {
  await db.updateTable('policy_publications').set({ matched }).where('item_id', '=', itemId).execute();
}

/** Every saved setting of a member whose plan allows pushes now (above trial, not expired), with its contacts. */
export function pushAudience(db: Db, now: string, minLevel: number) {
  return db
    .selectFrom('push_settings')
    .innerJoin('users', 'users.id', 'push_settings.user_id')
    .select([
      'push_settings.user_id',
      'push_settings.regions',
      'push_settings.departments',
      'push_settings.industries',
      'push_settings.types',
      'push_settings.keywords',
      'push_settings.channels',
      'push_settings.quiet_start',
      'push_settings.quiet_end',
      'push_settings.remind_days',
      'users.mobile',
      'users.email',
    ])
    .where('users.level', '>=', minLevel)
    .where((eb) => eb.or([eb('users.expired_at', 'is', null), eb('users.expired_at', '>', now)]))
    .where('users.enabled', '=', 1)
    .execute();
}

/**
 * The members a 申报提醒 may reach now (plan above trial, not expired, enabled): those with saved push settings and
 * those of `alsoIds` (members with favourites), with their settings (null: never saved) and contacts.
 */
export function reminderAudience(db: Db, now: string, minLevel: number, alsoIds: readonly number[]) {
  return db
    .selectFrom('users')
    .leftJoin('push_settings', 'push_settings.user_id', 'users.id')
    .select([
      'users.id as user_id',
      'push_settings.user_id as settings_user_id',
      'push_settings.regions',
      'push_settings.departments',
      'push_settings.industries',
      'push_settings.types',
      'push_settings.keywords',
      'push_settings.channels',
      'push_settings.quiet_start',
      'push_settings.quiet_end',
      'push_settings.remind_days',
      'users.mobile',
      'users.email',
    ])
    .where((eb) =>
      alsoIds.length > 0
        ? eb.or([eb('push_settings.user_id', 'is not', null), eb('users.id', 'in', [...alsoIds])])
        : eb('push_settings.user_id', 'is not', null),
    )
    .where('users.level', '>=', minLevel)
    .where((eb) => eb.or([eb('users.expired_at', 'is', null), eb('users.expired_at', '>', now)]))
    .where('users.enabled', '=', 1)
    .execute();
}

/** Claims the member's digest of `day` on `channel`: true when none was sent through it that day. */
export async function claimDigest(
  db: Db,
  row: { user_id: number; day: string; channel: PushDigestChannel; item_id: number; sent_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('push_digests')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'day', 'channel']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return result !== undefined;
}

// ------------------------------------------------------------------------------------------- the console's 内容

/** The publish time of a withdrawn item: after every "now", so every member read (publish_time <= now) drops it. */
export const WITHDRAWN_PUBLISH_TIME = '9999-12-31T00:00:00.000Z';

/** The console's filter: publish times are ISO bounds, [from, to). */
export interface ContentFilter {
  type?: string;
  title?: string;
  state?: 'scheduled' | 'published' | 'withdrawn';
  from?: string;
  to?: string;
}

const CONTENT_COLUMNS = [
  'policy_items.id',
  'policy_items.type',
  'policy_items.title',
  'policy_items.dept_name',
  'policy_items.city_code',
  'policy_items.area_code',
  'policy_items.industry_code',
  'policy_items.publish_time',
  'policy_items.end_time',
  'policy_items.withdrawn_at',
  'policy_items.withdraw_reason',
  'policy_items.withdrawn_publish_time',
  'policy_publications.dispatched_at',
  'policy_publications.matched',
] as const;

/** The time an item is listed by: a withdrawn item by the publish time it had. */
const shownTime = (eb: ExpressionBuilder<Database, 'policy_items' | 'policy_publications'>) =>
  eb.fn.coalesce('policy_items.withdrawn_publish_time', 'policy_items.publish_time');

function contentWhere(filter: ContentFilter, now: string) {
  return (eb: ExpressionBuilder<Database, 'policy_items' | 'policy_publications'>) => {
    const terms: Expression<SqlBool>[] = [];
    if (filter.type) terms.push(eb('policy_items.type', '=', filter.type));
    if (filter.title) terms.push(contains('policy_items.title', filter.title));
    if (filter.state === 'withdrawn') terms.push(eb('policy_items.withdrawn_at', 'is not', null));
    if (filter.state === 'scheduled')
      terms.push(
        eb.and([eb('policy_items.withdrawn_at', 'is', null), eb('policy_items.publish_time', '>', now)]),
      );
    if (filter.state === 'published')
      terms.push(
        eb.and([eb('policy_items.withdrawn_at', 'is', null), eb('policy_items.publish_time', '<=', now)]),
      );
    // A withdrawn item is dated by the publish time it had.
    const shown = shownTime(eb);
    if (filter.from) terms.push(eb(shown, '>=', filter.from));
    if (filter.to) terms.push(eb(shown, '<', filter.to));
    return eb.and(terms);
  };
}

function contentSelect(db: Db) {
  return db
    .selectFrom('policy_items')
    .leftJoin('policy_publications', 'policy_publications.item_id', 'policy_items.id')
    .select(CONTENT_COLUMNS);
}

export function listContent(db: Db, filter: ContentFilter, now: string, limit: number, offset: number) {
  return contentSelect(db)
    .where(contentWhere(filter, now))
    .orderBy(shownTime, 'desc')
    .orderBy('policy_items.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countContent(db: Db, filter: ContentFilter, now: string): Promise<number> {
  const row = await db
    .selectFrom('policy_items')
    .leftJoin('policy_publications', 'policy_publications.item_id', 'policy_items.id')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(contentWhere(filter, now))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A batch of the list after `after` (keyset on the listed time and id, newest first), for the export. */
export function contentBatch(
  db: Db,
  filter: ContentFilter,
  now: string,
  after: { shown: string; id: number } | undefined,
  limit: number,
) {
  return contentSelect(db)
    .where(contentWhere(filter, now))
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb(shownTime(eb), '<', after?.shown ?? ''),
          eb.and([eb(shownTime(eb), '=', after?.shown ?? ''), eb('policy_items.id', '<', after?.id ?? 0)]),
        ]),
      ),
    )
    .orderBy(shownTime, 'desc')
    .orderBy('policy_items.id', 'desc')
    .limit(limit)
    .execute();
}

export type ContentRow = Awaited<ReturnType<typeof listContent>>[number];

export function findContent(db: Db, id: number): Promise<ContentRow | undefined> {
  return contentSelect(db).where('policy_items.id', '=', id).executeTakeFirst();
}

/** Changes an item's columns; a new publish time moves its place in the outbox while it is not pushed yet. */
export async function updatePolicyItem(
  trx: Db,
  id: number,
  changes: Partial<Omit<NewPolicyItem, 'withdrawn_at' | 'withdraw_reason' | 'withdrawn_publish_time'>>,
): Promise<void> {
  await trx.updateTable('policy_items').set(changes).where('id', '=', id).execute();
  if (changes.publish_time)
    await trx
      .updateTable('policy_publications')
      .set({ due_at: changes.publish_time })
      .where('item_id', '=', id)
      .where('dispatched_at', 'is', null)
      .execute();
}

/** Withdraws an item: out of every member read, and out of the outbox when it was not pushed yet. */
export async function withdrawPolicyItem(
  trx: Db,
  id: number,
  row: { withdrawn_at: string; withdraw_reason: string; withdrawn_publish_time: string },
): Promise<void> {
  await trx
    .updateTable('policy_items')
    .set({ ...row, publish_time: WITHDRAWN_PUBLISH_TIME })
    .where('id', '=', id)
    .execute();
  await trx
    .deleteFrom('policy_publications')
    .where('item_id', '=', id)
    .where('dispatched_at', 'is', null)
    .execute();
}
