// SQL of a policy item's content as a member reads it: its body, 文号 and 原文链接, and a 公示公告's 公示名单 with the
// member's own customers marked (a customer of the member whose company has the row's credit code, or else the row's
// exact name).
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { containsText } from '../../lib/sql-contains.js';

export function itemContent(db: Db, id: number) {
  return db
    .selectFrom('policy_items')
    .select(['content', 'doc_no', 'source_url'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface PublicityFilter {
  itemId: number;
  ownerId: number;
  /** Part of a company name or credit code. */
  q?: string;
  mine: boolean;
}

type Row = ExpressionBuilder<Database, 'publicity_items'>;

/** The member's customers that are the row's company. */
const customersOf = (eb: Row, ownerId: number) =>
  eb
    .selectFrom('customers as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .where('c.user_id', '=', ownerId)
    .where((e) =>
      e.or([
        e.and([
          e('publicity_items.credit_code', '!=', ''),
          e('co.credit_code', '=', e.ref('publicity_items.credit_code')),
        ]),
        e('c.name', '=', e.ref('publicity_items.companyname')),
        // A seeded row names its customer.
        e('c.id', '=', e.ref('publicity_items.customer_id')),
      ]),
    );

function filtered(db: Db, filter: PublicityFilter) {
  let query = db.selectFrom('publicity_items').where('publicity_items.item_id', '=', filter.itemId);
  const q = filter.q;
  if (q)
    query = query.where((eb) =>
      eb.or([
        containsText('publicity_items.companyname', q),
        containsText('publicity_items.credit_code', q.toUpperCase()),
      ]),
    );
  if (filter.mine) query = query.where((eb) => eb.exists(customersOf(eb, filter.ownerId).select('c.id')));
  return query;
}

export function publicityPage(db: Db, filter: PublicityFilter, limit: number, offset: number) {
  return filtered(db, filter)
    .select((eb) => [
      'publicity_items.companyname',
      'publicity_items.credit_code as identityid',
      'publicity_items.qualification',
      customersOf(eb, filter.ownerId)
        .select((e) => e.fn.min<number>('c.id').as('id'))
        .as('customer_id'),
    ])
    .orderBy('publicity_items.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function publicityCount(db: Db, filter: PublicityFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
