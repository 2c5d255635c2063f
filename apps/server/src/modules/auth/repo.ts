// SQL over sessions: one row per issued token (keyed by jti), revoked rather than deleted.
import { REVOKE_REASON, type RevokeReason } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { SessionRow } from '../../db/schema.js';

/** Starts a session and ends the account's other live ones in the same transaction; returns their jtis. */
export function startSession(db: Db, session: SessionRow): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('sessions')
      .set({ revoked_at: session.created_at, revoked_reason: REVOKE_REASON.loginElsewhere })
      .where('user_id', '=', session.user_id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', session.created_at)
      .returning('jti')
      .execute();
    await trx.insertInto('sessions').values(session).execute();
    return revoked.map((row) => row.jti);
  });
}

export function findSession(db: Db, jti: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('jti', '=', jti).executeTakeFirst();
}

export async function revokeSession(db: Db, jti: string, reason: RevokeReason, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('jti', '=', jti)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of an account; returns their jtis. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: RevokeReason,
  at: string,
): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('jti')
    .execute();
  return rows.map((row) => row.jti);
}

/** Whether the account had a session started from `ip` at or after `since` (ISO-8601): a place its owner logs in from. */
export async function hasLoggedInFrom(db: Db, userId: number, ip: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('jti')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
