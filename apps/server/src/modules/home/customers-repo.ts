// SQL over customers and their maintained aggregates. Every customer insert goes through insertCustomers, which
// updates customer_stats and customer_facets in the same transaction, so the dashboard never counts customer rows.
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { CustomerStatsTable, CustomersTable, Database } from '../../db/schema.js';
import type { Combo, CustomerFilter } from './aggregate.js';
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

/** One page of the member's customers, newest first. */
export function listCustomers(
  db: Executor,
  memberId: number,
  filter: CustomerFilter,
  limit: number,
  offset: number,
): Promise<CustomerRow[]> {
  let query = db.selectFrom('customers').selectAll().where('user_id', '=', memberId);
  if (filter.city_code !== undefined) query = query.where('city_code', '=', filter.city_code);
  if (filter.area_code !== undefined) query = query.where('area_code', '=', filter.area_code);
  if (filter.industry_code !== undefined) query = query.where('industry_code', '=', filter.industry_code);
  if (filter.is_hightech !== undefined) query = query.where('is_hightech', '=', filter.is_hightech ? 1 : 0);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
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
