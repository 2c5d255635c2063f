// SQL of the operator console's staff: accounts, sessions (by the token's SHA-256) and the append-only audit log
// (rows are only ever inserted and read; triggers refuse the rest).
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { newestFirstList } from '../../db/listing.js';
import type { AuditLogTable } from '../../db/schema.js';

export function findStaffByUsername(db: Db, username: string) {
  return db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();
}

export function listStaff(db: Db) {
  return db
    .selectFrom('staff')
    .select(['id', 'username', 'role', 'disabled', 'created_at'])
    .orderBy('id')
    .execute();
}

export async function insertStaff(
  db: Db,
  row: { username: string; password_hash: string; role: string; totp_secret: string; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto('staff')
    .values({
      username: row.username,
      password_hash: row.password_hash,
      role: row.role,
      totp_secret: row.totp_secret,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Takes the TOTP step: true only when it is later than the last one taken (the same code twice gets one true). */
export async function takeTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setStaffDisabled(db: Db, staffId: number, at: string): Promise<void> {
  await db.updateTable('staff').set({ disabled: 1, updated_at: at }).where('id', '=', staffId).execute();
}

/** A new secret; the last accepted step is kept, so no code of the old secret's steps is accepted again either. */
export async function setTotpSecret(db: Db, staffId: number, secret: string, at: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({ totp_secret: secret, updated_at: at })
    .where('id', '=', staffId)
    .execute();
}

/** Every staff member's stored TOTP secret (sealed, or clear from before sealing). */
export function listTotpSecrets(db: Db) {
  return db.selectFrom('staff').select(['id', 'username', 'totp_secret']).orderBy('id').execute();
}

/** Replaces a stored secret by its re-sealed form, only while it is still `from` (false: changed meanwhile). */
export async function resealTotpSecret(db: Db, staffId: number, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ totp_secret: to })
    .where('id', '=', staffId)
    .where('totp_secret', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSession(
  db: Db,
  row: { staff_id: number; token_hash: string; ip: string; user_agent: string; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto('staff_sessions')
    .values({
      staff_id: row.staff_id,
      token_hash: row.token_hash,
      ip: row.ip,
      user_agent: row.user_agent,
      created_at: row.at,
      last_seen_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A live (not ended) session by its token's hash, with its staff member. */
export function findLiveSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select([
      's.id as session_id',
      's.last_seen_at',
      'st.id as staff_id',
      'st.username',
      'st.role',
      'st.disabled',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.ended_at', 'is', null)
    .executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: number, at: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function endSession(db: Db, sessionId: number, at: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ ended_at: at })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endSessionsOf(db: Db, staffId: number, at: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ ended_at: at })
    .where('staff_id', '=', staffId)
    .where('ended_at', 'is', null)
    .execute();
}

/** An audit row as written (its id is the database's). */
export type AuditRowValues = Omit<Insertable<AuditLogTable>, 'id'>;

/** The only write the audit log knows: one row more. */
export async function insertAudit(db: Db, row: AuditRowValues): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** The audit filter in storage terms: `from` inclusive, `until` exclusive (UTC ISO times). */
export interface AuditFilter {
  staffId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  until?: string;
}

function filtered(db: Db, f: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (f.staffId !== undefined) query = query.where('staff_id', '=', f.staffId);
  if (f.action !== undefined) query = query.where('action', '=', f.action);
  if (f.targetType !== undefined) query = query.where('target_type', '=', f.targetType);
  if (f.targetId !== undefined) query = query.where('target_id', '=', f.targetId);
  if (f.from !== undefined) query = query.where('at', '>=', f.from);
  if (f.until !== undefined) query = query.where('at', '<', f.until);
  return query;
}

/** The audit log of the filter, newest first; `beforeId` continues an export after the last row read. */
export const auditList = newestFirstList(filtered, (query) => query.selectAll(), 'id');
