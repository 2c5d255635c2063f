// The write side of customers: every insert, change, move and delete goes through this file, which updates
// customer_stats and customer_facets and bumps the members' customer versions in the same transaction, so the
// summaries the figures read always equal the rows and no instance serves a member snapshot older than them.
// The customers module and the seed both write customers, so it sits in db/, below both (the seed imports no module).
import { shanghaiMonth } from '@uc/shared';
import type { Insertable, Selectable } from 'kysely';
import { type Db, forUpdate } from './connection.js';
import { capitalBand, FACET, type Facet } from './customer-facets.js';
import { bumpCustomerVersions } from './customer-versions-repo.js';
import type { CustomerStatsTable, CustomersTable } from './schema.js';

export type NewCustomer = Omit<Insertable<CustomersTable>, 'id'>;
type CustomerRow = Selectable<CustomersTable>;
/** What a change may set: anything but the key, the owner (moveCustomers) and when the customer was added. */
export type CustomerChanges = Partial<Omit<NewCustomer, 'user_id' | 'created_at'>>;

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const CHUNK = 500;

const IP_FIELDS = ['ipcount1', 'ipcount2', 'fmzl_count', 'rjzzq_count', 'syxx_count', 'wg_count'] as const;
type IpField = (typeof IP_FIELDS)[number];
/** Every intellectual-property count at zero: a customer (or registry company) holding none. */
export const NO_IP_COUNTS = Object.fromEntries(IP_FIELDS.map((field) => [field, 0])) as Readonly<
  Record<IpField, number>
>;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The increments a batch of customers makes to customer_stats, one row per member, district and industry. */
export function statsDeltas(rows: readonly Omit<NewCustomer, 'company_id'>[]): CustomerStatsTable[] {
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
        ...NO_IP_COUNTS,
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
  rows: readonly Omit<NewCustomer, 'company_id'>[],
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

/** The counts of the summaries, added up with the same upsert for new rows and for changes (negative deltas). */
const STATS_COUNTS = ['customers', 'hightech', ...IP_FIELDS] as const;

/** The summaries' deltas of rows added and rows removed, as one signed set. */
function signedDeltas(added: readonly NewCustomer[], removed: readonly NewCustomer[]) {
  const stats = new Map<string, CustomerStatsTable>();
  const keyOf = (d: CustomerStatsTable) => `${d.user_id}|${d.area_code}|${d.industry_code}`;
  for (const [rows, sign] of [
    [added, 1],
    [removed, -1],
  ] as const) {
    for (const delta of statsDeltas(rows)) {
      const sum = stats.get(keyOf(delta));
      if (!sum) {
        for (const field of STATS_COUNTS) delta[field] *= sign;
        stats.set(keyOf(delta), delta);
      } else {
        for (const field of STATS_COUNTS) sum[field] += sign * delta[field];
      }
    }
  }
  const facets = new Map<string, { user_id: number; facet: Facet; key: string; count: number }>();
  for (const [rows, sign] of [
    [added, 1],
    [removed, -1],
  ] as const) {
    for (const delta of facetDeltas(rows)) {
      const id = `${delta.user_id}|${delta.facet}|${delta.key}`;
      const sum = facets.get(id);
      if (sum) sum.count += sign * delta.count;
      else facets.set(id, { ...delta, count: sign * delta.count });
    }
  }
  // A change that moves nothing (a rename) writes no summary row.
  return {
    stats: [...stats.values()].filter((d) => STATS_COUNTS.some((field) => d[field] !== 0)),
    facets: [...facets.values()].filter((d) => d.count !== 0),
  };
}

/** Adds the rows added and takes off the rows removed from the summaries; rows left at zero are deleted. */
async function applySummaries(
  db: Db,
  added: readonly NewCustomer[],
  removed: readonly NewCustomer[],
): Promise<void> {
  const { stats, facets } = signedDeltas(added, removed);
  for (const part of chunks(stats)) {
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
  for (const part of chunks(facets)) {
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
  if (removed.length === 0) return;
  const members = [...new Set(removed.map((r) => r.user_id))];
  await db.deleteFrom('customer_stats').where('user_id', 'in', members).where('customers', '<=', 0).execute();
  await db.deleteFrom('customer_facets').where('user_id', 'in', members).where('count', '<=', 0).execute();
}

/**
 * Inserts customers and maintains their aggregates and their members' versions atomically; returns the new ids in
 * order. Runs in the caller's transaction, or opens one.
 */
export async function insertCustomers(db: Db, rows: readonly NewCustomer[]): Promise<number[]> {
  if (rows.length === 0) return [];
  if (!db.isTransaction) return db.transaction().execute((trx) => insertCustomers(trx, rows));
  const ids: number[] = [];
  for (const part of chunks(rows)) {
    const inserted = await db.insertInto('customers').values(part).returning('id').execute();
    for (const { id } of inserted) ids.push(id);
  }
  await applySummaries(db, rows, []);
  await bumpCustomerVersions(
    db,
    rows.map((r) => r.user_id),
  );
  return ids;
}

/** The customers of these ids, locked until the transaction ends (PostgreSQL; SQLite writes one at a time). */
async function lockCustomers(db: Db, ids: readonly number[]): Promise<CustomerRow[]> {
  const rows: CustomerRow[] = [];
  for (const part of chunks(ids)) {
    const query = db.selectFrom('customers').selectAll().where('id', 'in', part).orderBy('id');
    rows.push(...(await forUpdate(db, query).execute()));
  }
  return rows;
}

const asNew = ({ id: _id, ...row }: CustomerRow): NewCustomer => row;

/** The members owning these customers (read without a lock). */
async function ownersOf(db: Db, ids: readonly number[]): Promise<number[]> {
  const owners = new Set<number>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('customers')
      .select('user_id')
      .distinct()
      .where('id', 'in', part)
      .execute();
    for (const r of rows) owners.add(r.user_id);
  }
  return [...owners];
}

/**
 * Changes one customer (a rename, another district or industry, new figures) with its summaries and its member's
 * version, atomically; false when there is no such customer. Runs in the caller's transaction, or opens one.
 */
export async function updateCustomer(db: Db, id: number, changes: CustomerChanges): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((trx) => updateCustomer(trx, id, changes));
  const [row] = await lockCustomers(db, [id]);
  if (!row) return false;
  const before = asNew(row);
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, v]) => v !== undefined),
  ) as CustomerChanges;
  if (Object.keys(set).length === 0) return true;
  await db.updateTable('customers').set(set).where('id', '=', id).execute();
  await applySummaries(db, [{ ...before, ...set }], [before]);
  await bumpCustomerVersions(db, [row.user_id]);
  return true;
}

/**
 * Moves customers to another member, with their saved answers and the notices naming them, the summaries of both
 * members and both versions, atomically; returns how many moved. Runs in the caller's transaction, or opens one.
 */
export async function moveCustomers(db: Db, ids: readonly number[], toMemberId: number): Promise<number> {
  if (ids.length === 0) return 0;
  if (!db.isTransaction) return db.transaction().execute((trx) => moveCustomers(trx, ids, toMemberId));
  const rows = (await lockCustomers(db, ids)).filter((r) => r.user_id !== toMemberId);
  if (rows.length === 0) return 0;
  const moved = rows.map((r) => r.id);
  for (const part of chunks(moved)) {
    await db.updateTable('customers').set({ user_id: toMemberId }).where('id', 'in', part).execute();
    await db
      .updateTable('customer_assessments')
      .set({ user_id: toMemberId })
      .where('customer_id', 'in', part)
      .execute();
    await db
      .updateTable('publicity_items')
      .set({ user_id: toMemberId })
      .where('customer_id', 'in', part)
      .execute();
  }
  const before = rows.map(asNew);
  await applySummaries(
    db,
    before.map((r) => ({ ...r, user_id: toMemberId })),
    before,
  );
  await bumpCustomerVersions(db, [toMemberId, ...rows.map((r) => r.user_id)]);
  return rows.length;
}

/**
 * Deletes customers (their saved answers with them; the notices naming them stay, no longer linked to them or their
 * member), with their summaries and their members' versions, atomically; returns how many were deleted. Runs in the
 * caller's transaction, or opens one.
 */
export async function deleteCustomers(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  if (!db.isTransaction) return db.transaction().execute((trx) => deleteCustomers(trx, ids));
  // The members' version rows first, as every write to a member's book takes them (adding does before it checks the
  // limit): taken after the customer rows, a removal and an add of the same company would wait on each other.
  await bumpCustomerVersions(db, await ownersOf(db, ids));
  const rows = await lockCustomers(db, ids);
  if (rows.length === 0) return 0;
  for (const part of chunks(rows.map((r) => r.id))) {
    await db
      .updateTable('publicity_items')
      .set({ customer_id: null, user_id: null })
      .where('customer_id', 'in', part)
      .execute();
    await db.deleteFrom('customer_assessments').where('customer_id', 'in', part).execute();
    await db.deleteFrom('customers').where('id', 'in', part).execute();
  }
  await applySummaries(db, [], rows.map(asNew));
  await bumpCustomerVersions(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.length;
}
