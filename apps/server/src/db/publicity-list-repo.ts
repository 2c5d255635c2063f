// The 公示名单 of a 公示公告 (publicity_items with its item_id): the content console replaces an item's company table in
// the item's transaction. Each row names the first customer of any member that is the company (by credit code, else by
// exact name), as the seeded publicity rows do, so 我的公示 lists it; the member's detail matches its own customers
// itself. The customers module owns the table; this is the one other writer, listed with it in architecture.md.
import { randomBytes } from 'node:crypto';
import type { Db } from './connection.js';
import { indexNotices } from './notice-search-repo.js';

export interface PublicityListRow {
  companyname: string;
  /** The unified social credit code ('' when the list gives none). */
  identityid: string;
  qualification: string;
}

/** A row's own id, in the seeded rows' shape: GS, the publish date and 12 hex digits. */
const rowId = (publishtime: string) =>
  `GS${publishtime.slice(0, 10).replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`;

/** What a 公示名单's rows repeat from their item. */
export interface PublicityListItem {
  id: number;
  title: string;
  dept: string;
  publishtime: string;
}

const CHUNK = 200;

/** Replaces the item's 公示名单 with `rows` (in their order). */
export async function replacePublicityList(
  trx: Db,
  item: PublicityListItem,
  rows: readonly PublicityListRow[],
): Promise<void> {
  await trx.deleteFrom('publicity_items').where('item_id', '=', item.id).execute();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await trx
      .insertInto('publicity_items')
      .values(
        part.map((r) => ({
          item_id: item.id,
          title: item.title,
          dept: item.dept,
          publishtime: item.publishtime,
          companyname: r.companyname,
          identityid: rowId(item.publishtime),
          credit_code: r.identityid,
          qualification: r.qualification,
          customer_id: null,
          user_id: null,
        })),
      )
      .execute();
  }
  await linkCustomers(trx, item.id);
  // A 公示公告 is found by the companies of its 公示名单 too.
  await indexNotices(trx, 'policy', [item.id]);
}

/** Links the item's rows to a customer that is the company (credit code, else exact name). */
async function linkCustomers(trx: Db, itemId: number): Promise<void> {
  const matches = await trx
    .selectFrom('publicity_items as p')
    .innerJoin('companies as co', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('p.credit_code', '!=', ''), eb('co.credit_code', '=', eb.ref('p.credit_code'))]),
          eb('co.name', '=', eb.ref('p.companyname')),
        ]),
      ),
    )
    .innerJoin('customers as c', 'c.company_id', 'co.id')
    .where('p.item_id', '=', itemId)
    .select(['p.id as row_id', 'c.id as customer_id', 'c.user_id'])
    .orderBy('p.id')
    .orderBy('c.id')
    .execute();
  const seen = new Set<number>();
  for (const m of matches) {
    if (seen.has(m.row_id)) continue;
    seen.add(m.row_id);
    await trx
      .updateTable('publicity_items')
      .set({ customer_id: m.customer_id, user_id: m.user_id })
      .where('id', '=', m.row_id)
      .execute();
  }
}

/** Keeps the rows' copy of their item's title, department and publish time. */
export async function renamePublicityList(trx: Db, item: PublicityListItem): Promise<void> {
  await trx
    .updateTable('publicity_items')
    .set({ title: item.title, dept: item.dept, publishtime: item.publishtime })
    .where('item_id', '=', item.id)
    .execute();
}
