// The seed's SQL of the company registry (企业库): its companies with their name index, written in the same
// transaction (SQLite's companies_grams here; PostgreSQL's company_grams by the database's trigger), which the
// customers' registry search reads (modules/companies/repo.ts).
import type { Insertable } from 'kysely';
import { type Db, isPostgres } from '../../connection.js';
import { nameGrams } from '../../migrations/name-grams.js';
import type { CompaniesTable } from '../../schema.js';

export type NewCompany = Omit<Insertable<CompaniesTable>, 'id'>;

/** Rows per INSERT: well under both databases' bound-parameter limits (17 columns). */
const CHUNK = 500;

/** Inserts registry companies and their name tokens; returns their ids in order. Runs in the caller's transaction, or opens one. */
export async function insertCompanies(db: Db, rows: readonly NewCompany[]): Promise<number[]> {
  if (rows.length === 0) return [];
  if (!db.isTransaction) return db.transaction().execute((trx) => insertCompanies(trx, rows));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const inserted = await db.insertInto('companies').values(part).returning('id').execute();
    if (!isPostgres(db)) {
      await db
        .insertInto('companies_grams')
        .values(part.map((row, j) => ({ rowid: inserted[j]?.id ?? 0, grams: nameGrams(row.name).join(' ') })))
        .execute();
    }
    for (const { id } of inserted) ids.push(id);
  }
  return ids;
}

/** Registry companies in all (the seed's progress). */
export async function countCompanies(db: Db): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
