// SQL of the company registry (企业库): a name search reads the name index, never a scan of the names. The module only
// reads the registry; whoever writes a company writes its index in the same transaction (the seed's
// db/seed/content/registry-repo.ts: SQLite's companies_grams; PostgreSQL's company_grams by the database's trigger).
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { type Db, isPostgres } from '../../db/connection.js';
import { nameGrams } from '../../db/migrations/name-grams.js';
import type { CompaniesTable } from '../../db/schema.js';

export type CompanyRow = Selectable<CompaniesTable>;

/** Ids or names per query: well under both databases' bound-parameter limits. */
const CHUNK = 500;

/** The FTS5 phrase of a text's tokens: its character pairs, consecutive and in order. */
const phraseOf = (text: string) => `"${nameGrams(text).join(' ')}"`;

/** ASCII letters lower-cased, as the index folds names (PostgreSQL's `translate`, the tokens' `toLowerCase`). */
const FOLD_FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const FOLD_TO = 'abcdefghijklmnopqrstuvwxyz';
/** Postings of a pair counted when choosing the rarest (past it, a pair is simply common). */
const POSTINGS_COUNTED = 300;

/**
 * PostgreSQL: the rarest character pair of `text` in company_grams (fewest postings, counted up to
 * POSTINGS_COUNTED), or null when one of its pairs is in no name (nothing can match).
 */
async function rarestGram(db: Db, text: string): Promise<string | null> {
  if ([...text].length === 2) return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const { rows } = await sql<{ gram: string; n: number | string }>`
    select q.gram, (select count(*) from (select 1 from company_grams p where p.gram = q.gram limit ${POSTINGS_COUNTED}) s) as n
    from unnest(company_name_grams(${text})) as q(gram)
    order by n, q.gram
    limit 1`.execute(db);
  const [row] = rows;
  return row && Number(row.n) > 0 ? row.gram : null;
}

/**
 * The ids of companies whose name contains `text` (two characters or more), in id order, at `offset`, at most
 * `limit`: SQLite reads the FTS5 phrase of the text's character pairs; PostgreSQL walks the postings of its rarest
 * pair (`gram`) in company order and checks each name.
 */
async function idsByName(
  db: Db,
  text: string,
  limit: number,
  offset: number,
  gram: string | undefined,
): Promise<number[]> {
  if (gram !== undefined && [...text].length === 2) {
    // The text is its one pair: the pair's postings are the matches.
    const rows = await db
      .selectFrom('company_grams')
      .select('company_id as id')
      .where('gram', '=', gram)
      .orderBy('company_id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  }
  if (gram !== undefined) {
    const rows = await db
      .selectFrom('company_grams as g')
      .innerJoin('companies as c', 'c.id', 'g.company_id')
      .select('g.company_id as id')
      .where('g.gram', '=', gram)
      .where(
        sql<boolean>`strpos(translate(c.name, ${FOLD_FROM}, ${FOLD_TO}), translate(${text}, ${FOLD_FROM}, ${FOLD_TO})) > 0`,
      )
      .orderBy('g.company_id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  }
  const rows = await db
    .selectFrom('companies_grams')
    .select('rowid')
    .where(sql<boolean>`companies_grams match ${phraseOf(text)}`)
    .orderBy('rowid')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => Number(r.rowid));
}

/**
 * The companies whose name contains `text` (two characters or more): one page of ids in id order, and how many
 * there are, counted up to `cap` + 1 (more than `cap` means "more").
 */
export async function searchByName(
  db: Db,
  text: string,
  cap: number,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; count: number }> {
  const gram = isPostgres(db) ? await rarestGram(db, text) : undefined;
  if (gram === null) return { ids: [], count: 0 };
  const [counted, ids] = await Promise.all([
    idsByName(db, text, cap + 1, 0, gram),
    limit > 0 ? idsByName(db, text, limit, offset, gram) : Promise.resolve([]),
  ]);
  return { ids, count: counted.length };
}

/** The companies of these ids, in the ids' order (unknown ids left out). */
export async function companiesByIds(db: Db, ids: readonly number[]): Promise<CompanyRow[]> {
  if (ids.length === 0) return [];
  const rows: CompanyRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('companies')
        .selectAll()
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute()),
    );
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function companyByCreditCode(db: Db, code: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('credit_code', '=', code).executeTakeFirst();
}

/** The companies named exactly by one of `names` or coded by one of `codes` (an import's rows). */
export async function companiesNamedOrCoded(
  db: Db,
  names: readonly string[],
  codes: readonly string[],
): Promise<CompanyRow[]> {
  const rows: CompanyRow[] = [];
  for (let i = 0; i < names.length; i += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('companies')
        .selectAll()
        .where('name', 'in', names.slice(i, i + CHUNK))
        .execute()),
    );
  }
  for (let i = 0; i < codes.length; i += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('companies')
        .selectAll()
        .where('credit_code', 'in', codes.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return rows;
}
