// SQL over the member's subscriptions, own publicity items, push settings and the lists of 我的订阅: policy items by
// type and settings, the publicity naming the member's customers, the publicity search, and the members a
// published item or a 申报提醒 may reach with the claims of their daily digests.
import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql } from 'kysely';
import { PUBLICITY_COLUMNS } from '../../db/columns.js';
import type { Db } from '../../db/connection.js';
import type { Database, PushDigestChannel, PushSettingsTable } from '../../db/schema.js';
import { containsText } from '../../lib/sql-contains.js';
import { POLICY_ITEM_COLUMNS } from '../content/columns.js';
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
    .select(['id', 'title', 'title2', 'dept_name', 'publish_time', 'item_id'])
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
    if (filter.keywords.length > 0) terms.push(eb.or(filter.keywords.map((k) => containsText('title', k))));
    if (filter.title) terms.push(containsText('title', filter.title));
    return eb.and(terms);
  };
}

export function listFeed(db: Db, filter: FeedFilter, now: string, limit: number, offset: number) {
  return db
    .selectFrom('policy_items')
    .select(POLICY_ITEM_COLUMNS)
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
    .select(POLICY_ITEM_COLUMNS)
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
    .select(POLICY_ITEM_COLUMNS)
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
      return eb.and([
        own,
        eb.or([containsText('title', filter.search), containsText('companyname', filter.search)]),
      ]);
    }
    if ('company' in filter) return eb('companyname', '=', filter.company);
    return filter.companyContains ? containsText('companyname', filter.companyContains) : sql<SqlBool>`1 = 1`;
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

// ------------------------------------------------------------------------------------------- pushing

/** What a push or a reminder reads of a member: the saved settings and the contacts. */
const AUDIENCE_COLUMNS = [
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
] as const;

/** Every saved setting of a member whose plan allows pushes now (above trial, not expired), with its contacts. */
export function pushAudience(db: Db, now: string, minLevel: number) {
  return db
    .selectFrom('push_settings')
    .innerJoin('users', 'users.id', 'push_settings.user_id')
    .select(['push_settings.user_id', ...AUDIENCE_COLUMNS])
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
    .select(['users.id as user_id', 'push_settings.user_id as settings_user_id', ...AUDIENCE_COLUMNS])
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
