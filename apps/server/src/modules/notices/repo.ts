// SQL of the account notices' outbox (member_notices): the claim of a notice per member, event and channel (the first
// insert owns it), the rows due, the conditional pending -> sending that lets one sender send each, the member's
// contacts and push settings, and the console's list.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { newestFirstList } from '../../db/listing.js';
import type { MemberNoticeRow, MemberNoticeState, MemberNoticesTable } from '../../db/schema.js';

export type NewNotice = Omit<Insertable<MemberNoticesTable>, 'id'>;

/** Inserts the notice unless the member already has it on that channel: true when this insert claimed it. */
export async function claimNotice(q: Db, row: NewNotice): Promise<boolean> {
  const inserted = await q
    .insertInto('member_notices')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'event', 'channel']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The member's mobile, email, expiry and push channels with quiet hours (null: settings never saved). */
export function findContact(q: Db, userId: number) {
  return q
    .selectFrom('users')
    .leftJoin('push_settings', 'push_settings.user_id', 'users.id')
    .select([
      'users.mobile',
      'users.email',
      'users.expired_at',
      'push_settings.channels',
      'push_settings.quiet_start',
      'push_settings.quiet_end',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The notices waiting to go out whose time has come, oldest first. */
export function dueNotices(db: Db, at: string, limit: number): Promise<MemberNoticeRow[]> {
  return db
    .selectFrom('member_notices')
    .selectAll()
    .where('state', '=', 'pending')
    .where('due_at', '<=', at)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** pending -> sending: true when this sender took the notice (another instance may race it). */
export async function takeNotice(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('member_notices')
    .set({ state: 'sending' })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The end state of a notice this sender took. */
export async function finishNotice(
  db: Db,
  id: number,
  end: { state: MemberNoticeState; at: string; error: string | null },
): Promise<void> {
  await db
    .updateTable('member_notices')
    .set({ state: end.state, sent_at: end.state === 'sent' ? end.at : null, error: end.error })
    .where('id', '=', id)
    .execute();
}

export interface NoticeFilter {
  kind?: string;
  channel?: string;
  username?: string;
  /** ISO bounds of created_at: from <= t < until. */
  from?: string;
  until?: string;
}

function noticesWhere(db: Db, f: NoticeFilter) {
  let query = db.selectFrom('member_notices').innerJoin('users', 'users.id', 'member_notices.user_id');
  if (f.kind) query = query.where('member_notices.kind', '=', f.kind as MemberNoticeRow['kind']);
  if (f.channel) query = query.where('member_notices.channel', '=', f.channel as MemberNoticeRow['channel']);
  if (f.username) query = query.where('users.username', '=', f.username);
  if (f.from) query = query.where('member_notices.created_at', '>=', f.from);
  if (f.until) query = query.where('member_notices.created_at', '<', f.until);
  return query;
}

/** The notices of the filter with their member's username, newest first. */
export const noticeList = newestFirstList(
  noticesWhere,
  (query) =>
    query.select([
      'member_notices.id',
      'member_notices.user_id',
      'users.username',
      'member_notices.kind',
      'member_notices.window_days',
      'member_notices.channel',
      'member_notices.title',
      'member_notices.state',
      'member_notices.created_at',
      'member_notices.due_at',
      'member_notices.sent_at',
    ]),
  'member_notices.id',
);
