// The write side of customers: every insert goes through insertCustomers, which updates customer_stats and
// customer_facets in the same transaction, so the summaries the figures read always equal the rows.
import { shanghaiMonth } from '@uc/shared';
import type { Insertable, Kysely } from 'kysely';
import type { CustomerStatsTable, CustomersTable, Database } from '../../db/schema.js';
import { capitalBand, FACET, type Facet } from './facets.js';

type Executor = Kysely<Database>;
export type NewCustomer = Omit<Insertable<CustomersTable>, 'id'>;

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
