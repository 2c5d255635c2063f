// SQL over customers and their maintained aggregates. Every customer insert goes through insertCustomers, which
// updates customer_stats and customer_facets in the same transaction, so the dashboard never counts customer rows.
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import type { CustomerStatsTable, CustomersTable, Database } from '../../db/schema.js';
import type { Combo, ComboCounts, ComboRestriction, CustomerFilter } from './aggregate.js';
import { capitalBand, FACET, type Facet, shanghaiMonth } from './facets.js';

type Executor = Kysely<Database>;
export type NewCustomer = Omit<Insertable<CustomersTable>, 'id'>;
export type CustomerRow = Selectable<CustomersTable>;

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const CHUNK = 500;

const IP_FIELDS = ['ipcount1', 'ipcount2', 'fmzl_count', 'rjzzq_count', 'syxx_count', 'wg_count'] as const;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The increments a batch of customers makes to customer_stats, one row per member, district and industry. */
export function statsDeltas(rows: readonly NewCustomer[]): CustomerStatsTable[] {
  const deltas = new Map<string, CustomerStatsTable>();
  for (const row of rows) {
    const key = `${row.user_id}|${row.area_code}|${row.industry_code}`;
    let delta = deltas.get(key);
    if (!delta) {
      delta = {
        user_id: row.user_id,
        city_code: row.city_code,
        area_code: row.area_code,
        industry_code: row.industry_code,
        customers: 0,
        hightech: 0,
        ipcount1: 0,
        ipcount2: 0,
        fmzl_count: 0,
        rjzzq_count: 0,
        syxx_count: 0,
        wg_count: 0,
      };
      deltas.set(key, delta);
    }
    delta.customers += 1;
    delta.hightech += row.is_hightech ? 1 : 0;
    for (const field of IP_FIELDS) delta[field] += row[field] ?? 0;
  }
  return [...deltas.values()];
}

/** The increments a batch makes to customer_facets. */
export function facetDeltas(
  rows: readonly NewCustomer[],
): { user_id: number; facet: Facet; key: string; count: number }[] {
  const deltas = new Map<string, { user_id: number; facet: Facet; key: string; count: number }>();
  const add = (user_id: number, facet: Facet, key: string) => {
    const id = `${user_id}|${facet}|${key}`;
    const delta = deltas.get(id);
    if (delta) delta.count += 1;
    else deltas.set(id, { user_id, facet, key, count: 1 });
  };
  for (const row of rows) {
    add(row.user_id, FACET.month, shanghaiMonth(row.created_at));
    add(row.user_id, FACET.capital, capitalBand(row.reg_capital_hundredths ?? 0));
    add(row.user_id, FACET.regYear, row.reg_time.slice(0, 4));
  }
  return [...deltas.values()];
}

/**
 * Inserts customers and maintains their aggregates atomically; returns the new ids in order.
 * Runs in the caller's transaction, or opens one.
 */
export async function insertCustomers(db: Executor, rows: readonly NewCustomer[]): Promise<number[]> {
  if (rows.length === 0) return [];
  if (!db.isTransaction) return db.transaction().execute((trx) => insertCustomers(trx, rows));
  const ids: number[] = [];
  for (const part of chunks(rows)) {
    const inserted = await db.insertInto('customers').values(part).returning('id').execute();
    for (const { id } of inserted) ids.push(id);
  }
  for (const part of chunks(statsDeltas(rows))) {
    await db
      .insertInto('customer_stats')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['user_id', 'area_code', 'industry_code']).doUpdateSet((eb) => ({
          customers: eb('customer_stats.customers', '+', eb.ref('excluded.customers')),
          hightech: eb('customer_stats.hightech', '+', eb.ref('excluded.hightech')),
          ipcount1: eb('customer_stats.ipcount1', '+', eb.ref('excluded.ipcount1')),
          ipcount2: eb('customer_stats.ipcount2', '+', eb.ref('excluded.ipcount2')),
          fmzl_count: eb('customer_stats.fmzl_count', '+', eb.ref('excluded.fmzl_count')),
          rjzzq_count: eb('customer_stats.rjzzq_count', '+', eb.ref('excluded.rjzzq_count')),
          syxx_count: eb('customer_stats.syxx_count', '+', eb.ref('excluded.syxx_count')),
          wg_count: eb('customer_stats.wg_count', '+', eb.ref('excluded.wg_count')),
        })),
      )
      .execute();
  }
  for (const part of chunks(facetDeltas(rows))) {
    await db
      .insertInto('customer_facets')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'facet', 'key'])
          .doUpdateSet((eb) => ({ count: eb('customer_facets.count', '+', eb.ref('excluded.count')) })),
      )
      .execute();
  }
  return ids;
}

/** The member's summary rows (at most one per district and industry), as the matching needs them. */
export async function loadCombos(db: Executor, memberId: number): Promise<Combo[]> {
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
export async function loadComboCounts(db: Executor, memberId: number): Promise<ComboCounts[]> {
  const rows = await db
    .selectFrom('customer_stats')
    .select(['city_code', 'area_code', 'industry_code', 'customers', 'hightech'])
    .where('user_id', '=', memberId)
    .where('customers', '>', 0)
    .execute();
  return rows.map((r) => ({ ...r, customers: Number(r.customers), hightech: Number(r.hightech) }));
}

export interface CustomerTotals {
  customers: number;
  hightech: number;
  ipcount1: number;
  ipcount2: number;
  fmzl_count: number;
  rjzzq_count: number;
  syxx_count: number;
  wg_count: number;
}

/** Sums of the member's summary rows, optionally for one city, district or industry. */
export async function customerTotals(
  db: Executor,
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
  db: Executor,
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

export async function loadFacet(db: Executor, memberId: number, facet: Facet): Promise<Map<string, number>> {
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
 * declaration and policy matches), or those named in a public-notice entry.
 */
export type CustomerSubset = { combos: ComboRestriction } | { publicized: true };

/** The filter's and the subset's terms on `customers` (beside the member's own `user_id` term). */
function customerConditions(
  eb: ExpressionBuilder<Database, 'customers'>,
  memberId: number,
  filter: CustomerFilter,
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
  if (subset && 'combos' in subset) {
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
  } else if (subset) {
    // The member's entries, from the (user, customer) index.
    terms.push(
      eb(
        'customers.id',
        'in',
        eb
          .selectFrom('publicity_items')
          .select('publicity_items.customer_id')
          .where('publicity_items.user_id', '=', memberId)
          .where('publicity_items.customer_id', 'is not', null),
      ),
    );
  }
  return eb.and(terms);
}

/** One page of the member's customers, newest first, optionally of a subset. */
export function listCustomers(
  db: Executor,
  memberId: number,
  filter: CustomerFilter,
  limit: number,
  offset: number,
  subset?: CustomerSubset,
): Promise<CustomerRow[]> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where((eb) => customerConditions(eb, memberId, filter, subset))
    .orderBy('customers.created_at', 'desc')
    .orderBy('customers.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * How many of the member's customers named in a public-notice entry pass the filter. No summary holds this, so it
 * counts, bounded by the member: PostgreSQL reads the member's entries from the (user, customer) index and fetches
 * each customer by its key; SQLite reads the filter's customer index and probes the entries' ids. Without a filter
 * use countPublicizedCustomers (gs_count).
 */
export async function countPublicizedWhere(
  db: Executor,
  memberId: number,
  filter: CustomerFilter,
): Promise<number> {
  const row = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) => customerConditions(eb, memberId, filter, { publicized: true }))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A customer of the member, or undefined (another member's customer is not found either). */
export function findCustomer(db: Executor, memberId: number, id: number): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', memberId)
    .executeTakeFirst();
}

export function findMemberProfile(db: Executor, memberId: number) {
  return db.selectFrom('member_profiles').selectAll().where('user_id', '=', memberId).executeTakeFirst();
}
