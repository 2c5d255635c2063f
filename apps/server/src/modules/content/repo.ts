// SQL of the policy items' writes: publishing (the item and its place in the publication outbox, in one transaction),
// the outbox the publisher claims, and the console's 内容 (the list by type, title, state and publish date, one item,
// edits and 撤回). Every insert, update and delete of policy_items and policy_publications is here.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { indexNotices } from '../../db/notice-search-repo.js';
import { publicationRows } from '../../db/publication-list.js';
import type { PolicyItemContentColumns, PolicyItemsTable } from '../../db/schema.js';
import type { PublicationFilter, withdrawalOf } from '../../lib/publication.js';
import { POLICY_ITEM_COLUMNS } from './columns.js';

// ------------------------------------------------------------------------------------------- publishing

/** A policy item to publish (the database assigns its id), with its content. */
export type NewPolicyItem = Omit<Insertable<PolicyItemsTable & PolicyItemContentColumns>, 'id'>;

/**
 * Inserts the item and its place in the outbox, in one transaction; `within` adds to that transaction (the console's
 * audit row), so the item, its push and its audit commit or roll back together.
 */
export function insertPublished(
  db: Db,
  item: NewPolicyItem,
  within?: (trx: Db, id: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('policy_items')
      .values(item)
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('policy_publications').values({ item_id: id, due_at: item.publish_time }).execute();
    await within?.(trx, id);
    await indexNotices(trx, 'policy', [id]);
    return id;
  });
}

/** Items whose publish time has passed and that nobody has pushed yet, oldest first. */
export function duePublications(db: Db, now: string, limit: number) {
  return db
    .selectFrom('policy_publications')
    .innerJoin('policy_items', 'policy_items.id', 'policy_publications.item_id')
    .select(POLICY_ITEM_COLUMNS)
    .where('policy_publications.dispatched_at', 'is', null)
    .where('policy_publications.due_at', '<=', now)
    .orderBy('policy_publications.due_at')
    .limit(limit)
    .execute();
}

/** Claims one item for this instance: true when nobody else has. */
export async function claimPublication(db: Db, itemId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('policy_publications')
    .set({ dispatched_at: now })
    .where('item_id', '=', itemId)
    .where('dispatched_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordMatched(db: Db, itemId: number, matched: number): Promise<void> {
  await db.updateTable('policy_publications').set({ matched }).where('item_id', '=', itemId).execute();
}

// ------------------------------------------------------------------------------------------- the console's 内容

/** The console's filter: publish times are ISO bounds, [from, to). */
export interface ContentFilter extends PublicationFilter {
  type?: string;
}

const CONTENT_COLUMNS = [
  ...POLICY_ITEM_COLUMNS,
  'policy_items.withdrawn_at',
  'policy_items.withdraw_reason',
  'policy_items.withdrawn_publish_time',
  'policy_items.doc_no',
  'policy_items.source_url',
  'policy_publications.dispatched_at',
  'policy_publications.matched',
] as const;

const withPublications = (db: Db) =>
  db
    .selectFrom('policy_items')
    .leftJoin('policy_publications', 'policy_publications.item_id', 'policy_items.id');

const contentSelect = (db: Db) => withPublications(db).select(CONTENT_COLUMNS);

/** The console's list of items (db/publication-list.ts), by type too. */
export const contentList = publicationRows(
  'policy_items',
  (db, filter: ContentFilter) =>
    filter.type ? withPublications(db).where('policy_items.type', '=', filter.type) : withPublications(db),
  (query) => query.select(CONTENT_COLUMNS),
);

export type ContentRow = Awaited<ReturnType<typeof contentList.list>>[number];

export function findContent(db: Db, id: number): Promise<ContentRow | undefined> {
  return contentSelect(db).where('policy_items.id', '=', id).executeTakeFirst();
}

/** An item's body (sanitized HTML). */
export async function findBody(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('policy_items').select('content').where('id', '=', id).executeTakeFirst();
  return row?.content ?? '';
}

/** An item's 公示名单 in its order. */
export function publicityRows(db: Db, itemId: number) {
  return db
    .selectFrom('publicity_items')
    .select(['companyname', 'credit_code as identityid', 'qualification'])
    .where('item_id', '=', itemId)
    .orderBy('id')
    .execute();
}

/** Changes an item's columns; a new publish time moves its place in the outbox while it is not pushed yet. */
export async function updatePolicyItem(
  trx: Db,
  id: number,
  changes: Partial<Omit<NewPolicyItem, 'withdrawn_at' | 'withdraw_reason' | 'withdrawn_publish_time'>>,
): Promise<void> {
  await trx.updateTable('policy_items').set(changes).where('id', '=', id).execute();
  await indexNotices(trx, 'policy', [id]);
  if (changes.publish_time)
    await trx
      .updateTable('policy_publications')
      .set({ due_at: changes.publish_time })
      .where('item_id', '=', id)
      .where('dispatched_at', 'is', null)
      .execute();
}

/** Withdraws an item: out of every member read, and out of the outbox when it was not pushed yet. */
export async function withdrawPolicyItem(
  trx: Db,
  id: number,
  columns: ReturnType<typeof withdrawalOf>,
): Promise<void> {
  await trx.updateTable('policy_items').set(columns).where('id', '=', id).execute();
  await indexNotices(trx, 'policy', [id]);
  await trx
    .deleteFrom('policy_publications')
    .where('item_id', '=', id)
    .where('dispatched_at', 'is', null)
    .execute();
}
