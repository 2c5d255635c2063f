// SQL of the policy tools: the open declaration items of a place with the conditions of their programme.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { PolicyConditionsTable, PolicyItemsTable } from '../../db/schema.js';
import { POLICY_ITEM_COLUMNS } from '../content/columns.js';

/** An open item: its deadline is always set (an item without one counts as open until now). */
export type OpenItemRow = Omit<Selectable<PolicyItemsTable>, 'type' | 'end_time'> & { end_time: string };

export type ProgrammeRow = Selectable<PolicyConditionsTable>;

/**
 * Declaration notices open at `now` (published, deadline not passed) for the city and the province-wide ones; every
 * one when the city is unknown. Read from the (type, city_code, publish_time) index.
 */
export async function openItems(db: Db, cityCode: string | null, now: string): Promise<OpenItemRow[]> {
  let query = db
    .selectFrom('policy_items')
    .select(POLICY_ITEM_COLUMNS)
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
export function programmes(db: Db): Promise<ProgrammeRow[]> {
  return db.selectFrom('policy_conditions').selectAll().execute();
}

/** The answers (JSON) the member saved for a typed company name, or null. */
export async function findCompanyAssessment(
  db: Db,
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
  db: Db,
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
export async function deleteCompanyAssessment(db: Db, memberId: number, companyName: string): Promise<void> {
  await db
    .deleteFrom('company_assessments')
    .where('user_id', '=', memberId)
    .where('company_name', '=', companyName)
    .execute();
}
