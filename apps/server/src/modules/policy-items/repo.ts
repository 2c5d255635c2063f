// SQL of one policy item opened from a list, the member's favourites (收藏) and the record of 申报提醒 sent.
import type { Db } from '../../db/connection.js';
import { POLICY_ITEM_COLUMNS } from '../content/columns.js';

/** A published item (publish time not after `now`), or undefined. */
export function findPublished(db: Db, id: number, now: string) {
  return db
    .selectFrom('policy_items')
    .select(POLICY_ITEM_COLUMNS)
    .where('id', '=', id)
    .where('publish_time', '<=', now)
    .executeTakeFirst();
}

export async function isFavourite(db: Db, memberId: number, itemId: number): Promise<boolean> {
  const row = await db
    .selectFrom('policy_favourites')
    .select('item_id')
    .where('user_id', '=', memberId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a favourite (already there: nothing changes). */
export async function addFavourite(db: Db, memberId: number, itemId: number, at: string): Promise<void> {
  await db
    .insertInto('policy_favourites')
    .values({ user_id: memberId, item_id: itemId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
    .execute();
}

export async function removeFavourite(db: Db, memberId: number, itemId: number): Promise<void> {
  await db
    .deleteFrom('policy_favourites')
    .where('user_id', '=', memberId)
    .where('item_id', '=', itemId)
    .execute();
}

/** The member's favourites (published items), newest favourite first. */
export function listFavourites(db: Db, memberId: number, now: string, limit: number, offset: number) {
  return db
    .selectFrom('policy_favourites')
    .innerJoin('policy_items', 'policy_items.id', 'policy_favourites.item_id')
    .select([...POLICY_ITEM_COLUMNS, 'policy_favourites.created_at as favourited_at'])
    .where('policy_favourites.user_id', '=', memberId)
    .where('policy_items.publish_time', '<=', now)
    .orderBy('policy_favourites.created_at', 'desc')
    .orderBy('policy_favourites.item_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countFavourites(db: Db, memberId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('policy_favourites')
    .innerJoin('policy_items', 'policy_items.id', 'policy_favourites.item_id')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('policy_favourites.user_id', '=', memberId)
    .where('policy_items.publish_time', '<=', now)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Favourited items open at `now` (published, deadline not passed) whose deadline is in [from, to], nearest first;
 * of one member, or of every member when `memberId` is null (the reminder job), with the member.
 */
export function favouriteDeadlines(
  db: Db,
  memberId: number | null,
  now: string,
  range: { from: string; to: string },
  limit: number,
) {
  const start = range.from > now ? range.from : now;
  return db
    .selectFrom('policy_favourites')
    .innerJoin('policy_items', 'policy_items.id', 'policy_favourites.item_id')
    .select([...POLICY_ITEM_COLUMNS, 'policy_favourites.user_id'])
    .$if(memberId !== null, (q) => q.where('policy_favourites.user_id', '=', memberId ?? 0))
    .where('policy_items.publish_time', '<=', now)
    .where('policy_items.end_time', '>=', start)
    .where('policy_items.end_time', '<=', range.to)
    .orderBy('policy_items.end_time')
    .orderBy('policy_items.id')
    .limit(limit)
    .execute();
}

/** Claims the reminder of (member, item, deadline): true when nobody has sent it. */
export async function claimReminder(
  db: Db,
  row: { user_id: number; item_id: number; deadline: string; sent_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('policy_reminders')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'item_id', 'deadline']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return result !== undefined;
}
