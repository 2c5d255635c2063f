// SQL of the policy tools: the open declaration items of a place with the conditions of their programme.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database>;

export interface OpenItemRow {
  id: number;
  title: string;
  dept_name: string;
  city_code: string | null;
  area_code: string | null;
  industry_code: string | null;
  publish_time: string;
  end_time: string;
}

export interface ProgrammeRow {
  title_keyword: string;
  name: string;
  conditions: string;
}

/**
 * Declaration notices open at `now` (published, deadline not passed) for the city and the province-wide ones; every
 * one when the city is unknown. Read from the (type, city_code, publish_time) index.
 */
export async function openItems(db: Executor, cityCode: string | null, now: string): Promise<OpenItemRow[]> {
  let query = db
    .selectFrom('policy_items')
    .select([
      'id',
      'title',
      'dept_name',
      'city_code',
      'area_code',
      'industry_code',
      'publish_time',
      'end_time',
    ])
    .where('type', '=', 'sbtz')
    .where('publish_time', '<=', now)
    .where('end_time', '>=', now);
  if (cityCode !== null) {
    query = query.where((eb) => eb.or([eb('city_code', '=', cityCode), eb('city_code', 'is', null)]));
  }
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, end_time: r.end_time ?? now }));
}

/** The programmes' conditions (a few rows of reference data). */
export function programmes(db: Executor): Promise<ProgrammeRow[]> {
  return db.selectFrom('policy_conditions').selectAll().execute();
}

/** The answers (JSON) the member saved for a typed company name, or null. */
export async function findCompanyAssessment(
  db: Executor,
  memberId: number,
  companyName: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('company_assessments')
    .select('answers')
    .where('user_id', '=', memberId)
    .where('company_name', '=', companyName)
    .executeTakeFirst();
  return row?.answers ?? null;
}

/** Saves the answers of a typed company name, replacing the last ones. */
export async function saveCompanyAssessment(
  db: Executor,
  memberId: number,
  companyName: string,
  answers: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('company_assessments')
    .values({ user_id: memberId, company_name: companyName, answers, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'company_name']).doUpdateSet({ answers, updated_at: at }))
    .execute();
}

/** Deletes the answers of a typed company name. */
export async function deleteCompanyAssessment(
  db: Executor,
  memberId: number,
  companyName: string,
): Promise<void> {
  await db
    .deleteFrom('company_assessments')
    .where('user_id', '=', memberId)
    .where('company_name', '=', companyName)
    .execute();
}
