// SQL of the console's coupon templates, for the console and `npm run coupons`: create, list, page and count with
// the list's filter, change the rule or the state, and the accounts a template is issued to.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { newestFirstList } from '../../db/listing.js';
import type { CouponTemplateRow, CouponTemplatesTable } from '../../db/schema.js';

export type NewTemplate = Omit<Insertable<CouponTemplatesTable>, 'id' | 'issued_count'>;

export async function insertTemplate(db: Db, row: NewTemplate): Promise<CouponTemplateRow> {
  return db.insertInto('coupon_templates').values(row).returningAll().executeTakeFirstOrThrow();
}

export function listTemplates(db: Db): Promise<CouponTemplateRow[]> {
  return db.selectFrom('coupon_templates').selectAll().orderBy('id').execute();
}

export async function setTemplateStatus(db: Db, id: number, status: string): Promise<boolean> {
  const result = await db
    .updateTable('coupon_templates')
    .set({ status })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface TemplateFilter {
  name?: string;
  kind?: string;
  status?: string;
}

function templatesWhere(db: Db, f: TemplateFilter) {
  let query = db.selectFrom('coupon_templates');
  if (f.name) query = query.where('name', 'like', `%${f.name.replace(/[\\%_]/g, '')}%`);
  if (f.kind) query = query.where('kind', '=', f.kind);
  if (f.status) query = query.where('status', '=', f.status);
  return query;
}

/** The templates of the filter, newest first; `beforeId`: only those older than it (the export's keyset). */
export const templateList = newestFirstList(templatesWhere, (query) => query.selectAll(), 'id');

/** Changes a template's rule (coupons issued before keep their copy); false when it is unknown. */
export async function updateTemplate(db: Db, id: number, values: Partial<NewTemplate>): Promise<boolean> {
  const result = await db.updateTable('coupon_templates').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The accounts of usernames or ids (a coupon goes to a main account). */
export function findAccounts(db: Db, usernames: readonly string[], ids: readonly number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'parent_id'])
    .where((eb) =>
      eb.or([
        ...(usernames.length > 0 ? [eb('username', 'in', [...usernames])] : []),
        ...(ids.length > 0 ? [eb('id', 'in', [...ids])] : []),
      ]),
    )
    .execute();
}
