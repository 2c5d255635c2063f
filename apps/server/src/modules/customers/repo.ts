// SQL reading a member's customers and their maintained summaries (customer_stats, customer_facets); summaries.ts
// writes them, so no figure ever counts customer rows.
import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { PUBLICITY_COLUMNS } from '../../db/columns.js';
import type { Db } from '../../db/connection.js';
import type { Facet } from '../../db/customer-facets.js';
import { bumpCustomerVersions } from '../../db/customer-versions-repo.js';
import type { CustomerStatsTable, CustomersTable, Database } from '../../db/schema.js';
import type { Combo, ComboCounts, ComboRestriction, CustomerFilter, SummaryFilter } from './aggregate.js';

export type CustomerRow = Selectable<CustomersTable>;

/** The member's summary rows (at most one per district and industry), as the matching needs them. */
export async function loadCombos(db: Db, memberId: number): Promise<Combo[]> {
  // One text column instead of three: the driver's per-value cost dominates this hot read (about half the time).
  const rows = await db
    .selectFrom('customer_stats')
    .select([sql<string>`city_code || '|' || area_code || '|' || industry_code`.as('scope'), 'customers'])
    .where('user_id', '=', memberId)
    .where('customers', '>', 0)
    .execute();
  return rows.map(({ scope, customers }) => {
    const [city_code = '', area_code = '', industry_code = ''] = scope.split('|');
    return { city_code, area_code, industry_code, customers };
  });
}

/** The member's summary rows with their high-tech counts: the totals of the list's `type=sb|zc` subsets. */
export async function loadComboCounts(db: Db, memberId: number): Promise<ComboCounts[]> {
  const rows = await db
    .selectFrom('customer_stats')
    .select(['city_code', 'area_code', 'industry_code', 'customers', 'hightech'])
    .where('user_id', '=', memberId)
    .where('customers', '>', 0)
    .execute();
  return rows.map((r) => ({ ...r, customers: Number(r.customers), hightech: Number(r.hightech) }));
}

/** The counting columns of the member's summary rows, summed. */
export type CustomerTotals = Omit<
  Selectable<CustomerStatsTable>,
  'user_id' | 'city_code' | 'area_code' | 'industry_code'
>;

/** Sums of the member's summary rows, optionally for one city, district or industry. */
export async function customerTotals(
  db: Db,
  memberId: number,
  filter: Omit<CustomerFilter, 'is_hightech'> = {},
): Promise<CustomerTotals> {
  let query = db
    .selectFrom('customer_stats')
    .select((eb) => [
      eb.fn.sum<number | string>('customers').as('customers'),
      eb.fn.sum<number | string>('hightech').as('hightech'),
      eb.fn.sum<number | string>('ipcount1').as('ipcount1'),
      eb.fn.sum<number | string>('ipcount2').as('ipcount2'),
      eb.fn.sum<number | string>('fmzl_count').as('fmzl_count'),
      eb.fn.sum<number | string>('rjzzq_count').as('rjzzq_count'),
      eb.fn.sum<number | string>('syxx_count').as('syxx_count'),
      eb.fn.sum<number | string>('wg_count').as('wg_count'),
    ])
    .where('user_id', '=', memberId);
  if (filter.city_code !== undefined) query = query.where('city_code', '=', filter.city_code);
  if (filter.area_code !== undefined) query = query.where('area_code', '=', filter.area_code);
  if (filter.industry_code !== undefined) query = query.where('industry_code', '=', filter.industry_code);
  if (filter.industry_codes !== undefined) query = query.where('industry_code', 'in', filter.industry_codes);
  const row = await query.executeTakeFirst();
  // SUM over no rows is NULL; PostgreSQL returns bigint sums as strings.
  return {
    customers: Number(row?.customers ?? 0),
    hightech: Number(row?.hightech ?? 0),
    ipcount1: Number(row?.ipcount1 ?? 0),
    ipcount2: Number(row?.ipcount2 ?? 0),
    fmzl_count: Number(row?.fmzl_count ?? 0),
    rjzzq_count: Number(row?.rjzzq_count ?? 0),
    syxx_count: Number(row?.syxx_count ?? 0),
    wg_count: Number(row?.wg_count ?? 0),
  };
}

/** The member's customers per industry, or per district of one city. */
export async function customerCounts(
  db: Db,
  memberId: number,
  by: 'industry' | { city: string },
): Promise<{ key: string; count: number }[]> {
  const base = db.selectFrom('customer_stats').where('user_id', '=', memberId);
  const rows =
    by === 'industry'
      ? await base
          .select((eb) => ['industry_code as key', eb.fn.sum<number | string>('customers').as('count')])
          .groupBy('industry_code')
          .execute()
      : await base
          .select((eb) => ['area_code as key', eb.fn.sum<number | string>('customers').as('count')])
          .where('city_code', '=', by.city)
          .groupBy('area_code')
          .execute();
  return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
}

export async function loadFacet(db: Db, memberId: number, facet: Facet): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('customer_facets')
    .select(['key', 'count'])
    .where('user_id', '=', memberId)
    .where('facet', '=', facet)
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.count)]));
}

/**
 * Which of the member's customers a list shows beside its filter: those of some (district, industry) combos (the
 * declaration and policy matches).
 */
export interface CustomerSubset {
  combos: ComboRestriction;
}

/** The list's order: a column (created_at, reg_time or reg_capital_hundredths), then the id, the same way. */
export interface CustomerOrder {
  column: 'created_at' | 'reg_time' | 'reg_capital_hundredths';
  direction: 'asc' | 'desc';
}

export const NEWEST_FIRST: CustomerOrder = { column: 'created_at', direction: 'desc' };

/** The filter's and the subset's terms on `customers` (beside the member's own `user_id` term). */
function customerConditions(
  eb: ExpressionBuilder<Database, 'customers'>,
  memberId: number,
  filter: SummaryFilter,
  subset?: CustomerSubset,
) {
  const terms: Expression<SqlBool>[] = [eb('customers.user_id', '=', memberId)];
  if (filter.city_code !== undefined) terms.push(eb('customers.city_code', '=', filter.city_code));
  if (filter.area_code !== undefined) terms.push(eb('customers.area_code', '=', filter.area_code));
  if (filter.industry_code !== undefined) {
    terms.push(eb('customers.industry_code', '=', filter.industry_code));
  }
  if (filter.industry_codes !== undefined) {
    terms.push(eb('customers.industry_code', 'in', filter.industry_codes));
  }
  if (filter.is_hightech !== undefined) {
    terms.push(eb('customers.is_hightech', '=', filter.is_hightech ? 1 : 0));
  }
  if (subset) {
    const { industries, districts } = subset.combos;
    terms.push(
      eb.or([
        ...(industries.length > 0 ? [eb('customers.industry_code', 'in', industries)] : []),
        ...districts.map((d) =>
          eb.and([
            eb('customers.industry_code', '=', d.industry_code),
            eb('customers.area_code', 'in', d.area_codes),
          ]),
        ),
      ]),
    );
  }
  return eb.and(terms);
}

/** One page of the member's customers in `order` (newest first by default), optionally of a subset. */
export function listCustomers(
  db: Db,
  memberId: number,
  filter: SummaryFilter,
  limit: number,
  offset: number,
  subset?: CustomerSubset,
  order: CustomerOrder = NEWEST_FIRST,
): Promise<CustomerRow[]> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where((eb) => customerConditions(eb, memberId, filter, subset))
    .orderBy(`customers.${order.column}`, order.direction)
    .orderBy('customers.id', order.direction)
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Every customer of the member with the columns its snapshot holds (the list's and policy matching's). */
export function snapshotRows(db: Db, memberId: number) {
  return db
    .selectFrom('customers')
    .select([
      'id',
      'name',
      'created_at',
      'reg_time',
      'reg_capital_hundredths',
      'city_code',
      'area_code',
      'industry_code',
      'is_hightech',
      'ipcount1',
      'ipcount2',
    ])
    .where('user_id', '=', memberId)
    .execute();
}

/** The member's customers of these ids, in the ids' order: an id of another member's customer is left out. */
export async function customersByIds(
  db: Db,
  memberId: number,
  ids: readonly number[],
): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  // Read by key and the owner tested on the rows: with a `user_id =` term beside a page's ids, SQLite walks the
  // member's index (50,000 rows for a large member) instead of looking the ids up.
  const rows = await db.selectFrom('customers').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.filter((row) => row.user_id === memberId).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The member's customers named in at least one public notice. */
export async function publicizedCustomerIds(db: Db, memberId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('publicity_items')
    .select('customer_id')
    .distinct()
    .where('user_id', '=', memberId)
    .where('customer_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => Number(r.customer_id)));
}

/** A customer by id, whoever owns it (the service refuses another member's). */
export function findCustomer(db: Db, id: number): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The distinct qualifications the customer's public notices name. */
export async function customerQualifications(db: Db, customerId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('publicity_items')
    .select('qualification')
    .distinct()
    .where('customer_id', '=', customerId)
    .where('qualification', '<>', '')
    .orderBy('qualification')
    .execute();
  return rows.map((r) => r.qualification);
}

export function findMemberProfile(db: Db, memberId: number) {
  return db.selectFrom('member_profiles').selectAll().where('user_id', '=', memberId).executeTakeFirst();
}

/** Public-notice entries naming the member's customers, or one customer, newest first. */
export function listPublicity(db: Db, named: { user_id: number } | { customer_id: number }, limit: number) {
  const [column, id] =
    'user_id' in named
      ? (['user_id', named.user_id] as const)
      : (['customer_id', named.customer_id] as const);
  return db
    .selectFrom('publicity_items')
    .select(PUBLICITY_COLUMNS)
    .where(column, '=', id)
    .orderBy('publishtime', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Customers of the member named in at least one public notice. */
export async function countPublicizedCustomers(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('publicity_items')
    .select((eb) => eb.fn.count('customer_id').distinct().as('count'))
    .where('user_id', '=', memberId)
    .where('customer_id', 'is not', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The saved questionnaire answers (JSON) of a customer, or null. */
export async function findAssessment(db: Db, customerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('customer_assessments')
    .select('answers')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.answers ?? null;
}

/** Saves a customer's answers, replacing the last ones, and bumps the member's customer version with them. */
export async function saveAssessment(
  db: Db,
  memberId: number,
  customerId: number,
  answers: string,
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('customer_assessments')
      .values({ customer_id: customerId, user_id: memberId, answers, updated_at: at })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet({ answers, updated_at: at }))
      .execute();
    await bumpCustomerVersions(trx, [memberId]);
  });
}

/** Deletes a customer's saved answers, and bumps the member's customer version with them. */
export async function deleteAssessment(db: Db, memberId: number, customerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('customer_assessments').where('customer_id', '=', customerId).execute();
    await bumpCustomerVersions(trx, [memberId]);
  });
}

/** The member's saved customer answers (JSON), from the (user_id, updated_at) index. */
export function memberAssessments(db: Db, memberId: number) {
  return db
    .selectFrom('customer_assessments')
    .select(['customer_id', 'answers'])
    .where('user_id', '=', memberId)
    .execute();
}

/** The qualifications public notices record for the member's customers. */
export function memberQualifications(db: Db, memberId: number) {
  return db
    .selectFrom('publicity_items')
    .select(['customer_id', 'qualification'])
    .distinct()
    .where('user_id', '=', memberId)
    .where('customer_id', 'is not', null)
    .execute();
}
