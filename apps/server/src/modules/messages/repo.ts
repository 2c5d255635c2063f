// SQL of 消息中心: the recipients of a delivery, one row per recipient account, the list and unread counts of one
// account, read / read-all / delete limited to that account's rows, and the retention sweep.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { MessageRow, MessagesTable } from '../../db/schema.js';

/** Rows per insert and ids per `in` list: far below SQLite's bound-parameter limit. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

export interface Recipient {
  id: number;
  group_id: number;
}

/**
 * The live accounts among `userIds`, and with `withSubs` the live sub-accounts of those that are main accounts
 * (deleted accounts get nothing).
 */
export async function recipientsOf(
  db: Db,
  userIds: readonly number[],
  withSubs: boolean,
): Promise<Recipient[]> {
  const found = new Map<number, Recipient>();
  for (const ids of chunks(userIds)) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'group_id'])
      .where('deleted_at', 'is', null)
      .where((eb) =>
        withSubs
          ? eb.or([eb('id', 'in', ids), eb.and([eb('is_sub', '=', 1), eb('parent_id', 'in', ids)])])
          : eb('id', 'in', ids),
      )
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return [...found.values()];
}

export async function insertMessages(db: Db, rows: readonly Insertable<MessagesTable>[]): Promise<void> {
  for (const part of chunks(rows)) await db.insertInto('messages').values(part).execute();
}

export interface ListFilter {
  unread: boolean;
  kind: string | undefined;
}

function filtered(db: Db, userId: number, { unread, kind }: ListFilter) {
  let query = db.selectFrom('messages').where('user_id', '=', userId);
  if (unread) query = query.where('read_at', 'is', null);
  if (kind) query = query.where('kind', '=', kind);
  return query;
}

export function listMessages(
  db: Db,
  userId: number,
  filter: ListFilter,
  limit: number,
  offset: number,
): Promise<MessageRow[]> {
  return filtered(db, userId, filter).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countMessages(db: Db, userId: number, filter: ListFilter): Promise<number> {
  const row = await filtered(db, userId, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Unread messages of the account per kind. */
export async function unreadByKind(db: Db, userId: number): Promise<{ kind: string; n: number }[]> {
  const rows = await db
    .selectFrom('messages')
    .select((eb) => ['kind', eb.fn.countAll().as('n')])
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .groupBy('kind')
    .execute();
  return rows.map((r) => ({ kind: r.kind, n: Number(r.n) }));
}

/** Marks the account's unread messages of these ids (all of them without ids) read; how many changed. */
export async function markRead(
  db: Db,
  userId: number,
  ids: readonly number[] | null,
  at: string,
): Promise<number> {
  let query = db
    .updateTable('messages')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the account's messages of these ids; how many went. */
export async function deleteMessages(db: Db, userId: number, ids: readonly number[]): Promise<number> {
  const result = await db
    .deleteFrom('messages')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every message created before `before` (ISO); how many went. */
export async function deleteOlderThan(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('messages').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
