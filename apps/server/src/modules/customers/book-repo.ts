// SQL of the member's own book: adding registry companies as customers (within the member's limit, in one
// transaction with the summaries), removing them, their tags and follow-up notes, and customer imports.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { deleteCustomers, insertCustomers } from '../../db/customer-summaries-repo.js';
import { bumpCustomerVersions } from '../../db/customer-versions-repo.js';
import type { CompaniesTable, CustomerImportsTable, CustomerNotesTable } from '../../db/schema.js';
import { customerTotals } from './repo.js';

type Company = Selectable<CompaniesTable>;
export type NoteRow = Selectable<CustomerNotesTable>;
export type ImportRow = Selectable<CustomerImportsTable>;

const CHUNK = 500;

/** The member's customers of these companies: company id -> customer id. */
export async function customersOfCompanies(
  db: Db,
  ownerId: number,
  companyIds: readonly number[],
): Promise<Map<number, number>> {
  const links = new Map<number, number>();
  for (let i = 0; i < companyIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'company_id'])
      .where('user_id', '=', ownerId)
      .where('company_id', 'in', companyIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) links.set(r.company_id, r.id);
  }
  return links;
}

export interface AddOutcome {
  added: { company_id: number; customer_id: number }[];
  already: number[];
  overLimit: number[];
  /** The member's customers after the change. */
  count: number;
}

/**
 * Adds the companies not yet the member's customers, in order, while the member holds fewer than `limit`; the
 * customers copy the registry's columns and the summaries and the member's version change with them. In the caller's
 * transaction, or one of its own; the member's version row is taken first, so two adds of one member take turns
 * (PostgreSQL) and the limit holds.
 */
export async function addCompanies(
  db: Db,
  ownerId: number,
  companies: readonly Company[],
  limit: number,
  at: string,
): Promise<AddOutcome> {
  if (!db.isTransaction) {
    return db.transaction().execute((trx) => addCompanies(trx, ownerId, companies, limit, at));
  }
  await bumpCustomerVersions(db, [ownerId]);
  const existing = await customersOfCompanies(
    db,
    ownerId,
    companies.map((c) => c.id),
  );
  const count = (await customerTotals(db, ownerId)).customers;
  const fresh = companies.filter((c) => !existing.has(c.id));
  const room = Math.max(0, limit - count);
  const adding = fresh.slice(0, room);
  const ids = await insertCustomers(
    db,
    adding.map(({ id, credit_code: _code, created_at: _created, ...columns }) => ({
      ...columns,
      user_id: ownerId,
      company_id: id,
      created_at: at,
    })),
  );
  return {
    added: adding.map((c, i) => ({ company_id: c.id, customer_id: ids[i] ?? 0 })),
    already: companies.filter((c) => existing.has(c.id)).map((c) => c.id),
    overLimit: fresh.slice(room).map((c) => c.id),
    count: count + adding.length,
  };
}

/** The owners of these customers (id -> user_id); unknown ids left out. */
export async function ownersOf(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const owners = new Map<number, number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'user_id'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) owners.set(r.id, r.user_id);
  }
  return owners;
}

/** Removes customers with their tags and notes (deleteCustomers keeps the summaries); returns how many went. */
export async function removeCustomers(db: Db, ids: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      await trx.deleteFrom('customer_tags').where('customer_id', 'in', part).execute();
      await trx.deleteFrom('customer_notes').where('customer_id', 'in', part).execute();
    }
    return deleteCustomers(trx, ids);
  });
}

// ---- Tags ----

/** The member's tags with how many customers carry each, most used first. */
export async function memberTags(db: Db, ownerId: number): Promise<{ tag: string; count: number }[]> {
  const rows = await db
    .selectFrom('customer_tags')
    .select((eb) => ['tag', eb.fn.countAll<number | string>().as('count')])
    .where('user_id', '=', ownerId)
    .groupBy('tag')
    .orderBy('count', 'desc')
    .orderBy('tag')
    .execute();
  return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}

/** The tags of these customers: customer id -> its tags in name order. */
export async function tagsOf(db: Db, customerIds: readonly number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>();
  for (let i = 0; i < customerIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('customer_tags')
      .select(['customer_id', 'tag'])
      .where('customer_id', 'in', customerIds.slice(i, i + CHUNK))
      .orderBy('tag')
      .execute();
    for (const r of rows) tags.set(r.customer_id, [...(tags.get(r.customer_id) ?? []), r.tag]);
  }
  return tags;
}

/** The member's customers carrying the tag. */
export async function customersTagged(db: Db, ownerId: number, tag: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('customer_tags')
    .select('customer_id')
    .where('user_id', '=', ownerId)
    .where('tag', '=', tag)
    .execute();
  return new Set(rows.map((r) => r.customer_id));
}

/**
 * Replaces a customer's tags: 'ok', 'too_many' (nothing changed) when the member would then use more than `maxTags`
 * distinct tags, or 'gone' when the customer was removed meanwhile.
 */
export async function replaceTags(
  db: Db,
  ownerId: number,
  customerId: number,
  tags: readonly string[],
  maxTags: number,
  at: string,
): Promise<'ok' | 'too_many' | 'gone'> {
  return db
    .transaction()
    .execute(async (trx) => {
      // The member's version row first, as a removal takes it: a customer removed meanwhile is seen here.
      await bumpCustomerVersions(trx, [ownerId]);
      const still = await trx
        .selectFrom('customers')
        .select('id')
        .where('id', '=', customerId)
        .where('user_id', '=', ownerId)
        .executeTakeFirst();
      if (!still) return 'gone' as const;
      await trx.deleteFrom('customer_tags').where('customer_id', '=', customerId).execute();
      if (tags.length > 0) {
        await trx
          .insertInto('customer_tags')
          .values(tags.map((tag) => ({ customer_id: customerId, user_id: ownerId, tag, created_at: at })))
          .execute();
      }
      const row = await trx
        .selectFrom('customer_tags')
        .select((eb) => eb.fn.count('tag').distinct().as('n'))
        .where('user_id', '=', ownerId)
        .executeTakeFirst();
      if (Number(row?.n ?? 0) > maxTags) throw new TooManyTags();
      return 'ok' as const;
    })
    .catch((err: unknown) => {
      if (err instanceof TooManyTags) return 'too_many' as const;
      throw err;
    });
}

class TooManyTags extends Error {}

// ---- Notes ----

export function notesOf(db: Db, customerId: number, limit: number): Promise<NoteRow[]> {
  return db
    .selectFrom('customer_notes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('noted_on', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countNotes(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('customer_notes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertNote(db: Db, note: Omit<NoteRow, 'id'>): Promise<NoteRow> {
  const row = await db.insertInto('customer_notes').values(note).returningAll().executeTakeFirstOrThrow();
  return row;
}

/** Deletes one note of the customer; false when it has no such note. */
export async function deleteNote(db: Db, customerId: number, noteId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('customer_notes')
    .where('id', '=', noteId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- Imports ----

export async function insertImport(
  db: Db,
  job: Pick<
    ImportRow,
    'user_id' | 'created_by' | 'file_name' | 'total' | 'customer_limit' | 'input' | 'created_at'
  >,
): Promise<ImportRow> {
  return db
    .insertInto('customer_imports')
    .values({
      ...job,
      status: 'queued',
      processed: 0,
      added: 0,
      duplicate: 0,
      not_found: 0,
      failed: 0,
      error: '',
      results: '[]',
      lease_until: null,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findImport(db: Db, id: number): Promise<ImportRow | undefined> {
  return db.selectFrom('customer_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Imports a worker may take: queued, or running with an expired lease (its worker stopped). */
export async function claimableImports(db: Db, at: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('customer_imports')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', at)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the job until `until` if it is queued, or running with a lease past `at` (or held by the same lease):
 * a conditional update, so one worker holds a job at a time. Returns the job as taken, or undefined.
 */
export async function claimImport(
  db: Db,
  id: number,
  at: string,
  until: string,
): Promise<ImportRow | undefined> {
  const result = await db
    .updateTable('customer_imports')
    .set({ status: 'running', lease_until: until })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', at)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findImport(db, id);
}

export interface ImportProgress {
  processed: number;
  added: number;
  duplicate: number;
  not_found: number;
  failed: number;
  results: string;
  lease_until: string;
}

/**
 * Records a batch's outcome in the caller's transaction (the batch's customers were added in it), if the job is still
 * held under `lease` and at `from` rows: false (the caller rolls back) when another worker took it over.
 */
export async function recordBatch(
  db: Db,
  id: number,
  lease: string,
  from: number,
  progress: ImportProgress,
): Promise<boolean> {
  const result = await db
    .updateTable('customer_imports')
    .set(progress)
    .where('id', '=', id)
    .where('lease_until', '=', lease)
    .where('processed', '=', from)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishImport(
  db: Db,
  id: number,
  lease: string,
  status: 'done' | 'failed',
  at: string,
  error = '',
): Promise<void> {
  await db
    .updateTable('customer_imports')
    .set({ status, finished_at: at, lease_until: null, error })
    .where('id', '=', id)
    .where('lease_until', '=', lease)
    .execute();
}
