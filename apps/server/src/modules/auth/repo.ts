// SQL over sessions: one row per issued token (keyed by jti), revoked rather than deleted.
import { REVOKE_REASON, type RevokeReason } from '@uc/shared';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { LoginEventsTable, SessionRow } from '../../db/schema.js';

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

/**
 * Ends the live sessions of an account with a stored reason, all but `keepJti` (null: all); returns their jtis.
 * The reason may be one of the account module's causes (auth/session-end.ts SESSION_END), not only REVOKE_REASON.
 */
export async function revokeUserSessionsExcept(
  db: Db,
  userId: number,
  keepJti: string | null,
  reason: string,
  at: string,
): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepJti !== null) query = query.where('jti', '!=', keepJti);
  const rows = await query.returning('jti').execute();
  return rows.map((row) => row.jti);
}

/**
 * Ends the live sessions of an account and of its sub-accounts (a main account's team; a sub-account has none) with
 * a stored reason; returns their jtis.
 */
export async function revokeTeamSessions(
  db: Db,
  userId: number,
  reason: string,
  at: string,
): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('revoked_at', 'is', null)
    .where('user_id', 'in', (eb) =>
      eb
        .selectFrom('users')
        .select('users.id')
        .where((w) => w.or([w('users.id', '=', userId), w('users.parent_id', '=', userId)])),
    )
    .returning('jti')
    .execute();
  return rows.map((row) => row.jti);
}

/** Ends one live, unexpired session of an account; false when there is none with that jti. */
export async function revokeUserSession(
  db: Db,
  userId: number,
  jti: string,
  reason: string,
  at: string,
): Promise<boolean> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('jti', '=', jti)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('jti')
    .execute();
  return rows.length > 0;
}

/** Replaces a session by a new one in one transaction: the old one ends silently (a renewal, not a login elsewhere). */
export function replaceSession(db: Db, oldJti: string, session: SessionRow): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: session.created_at, revoked_reason: REVOKE_REASON.logout })
      .where('jti', '=', oldJti)
      .where('revoked_at', 'is', null)
      .execute();
    await trx.insertInto('sessions').values(session).execute();
  });
}

/** The live sessions of an account, newest first. */
export function listLiveSessions(db: Db, userId: number, at: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}

/** A login attempt as the security page lists it. */
export type LoginEvent = Omit<Selectable<LoginEventsTable>, 'id'>;

export async function insertLoginEvent(db: Db, event: Insertable<LoginEventsTable>): Promise<void> {
  await db.insertInto('login_events').values(event).execute();
}

/** The latest login attempts of an account, newest first. */
export function listLoginEvents(db: Db, userId: number, limit: number): Promise<LoginEvent[]> {
  return db
    .selectFrom('login_events')
    .select(['user_id', 'method', 'success', 'ip', 'user_agent', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
