// The operator console's staff: sign-in with password and TOTP (both required, one answer for every failure),
// sessions by an opaque cookie token (only its SHA-256 is stored) that end after STAFF_IDLE_MINUTES without a call,
// and the audit log: the writer other modules call inside their transaction, the filtered list and its export.
import { randomBytes } from 'node:crypto';
import {
  type AuditEntry,
  type AuditQuery,
  MINUTE_MS,
  type Page,
  permissionsOf,
  STAFF_IDLE_MINUTES,
  STAFF_ROLE_KEYS,
  type StaffLoginBody,
  type StaffRole,
  shanghaiDayBounds,
} from '@uc/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { StaffRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import type { KeyValue } from '../../lib/kv.js';
import { filteredList, givenFields, type Paging } from '../../lib/paging.js';
import { sha256Hex, verifyDummy, verifyPassword } from '../../lib/password.js';
import type { StaffPrincipal } from '../../plugins/staff-auth.js';
import { createLoginGuard } from '../auth/login-guard.js';
import { type AuditActor, auditWriter, exportAuditor, type RecordAudit } from './audit.js';
import { toAuditEntry } from './presenter.js';
import {
  type AuditFilter,
  auditList,
  endSession,
  findLiveSession,
  findStaffByUsername,
  insertSession,
  resealTotpSecret,
  takeTotpStep,
  touchSession,
} from './repo.js';
import { acceptedStep, openTotpSecret, sealTotpSecret, type TotpKeyring } from './totp.js';
import { type ResealResult, resealTotpSecrets } from './totp-keys.js';

const IDLE_MS = STAFF_IDLE_MINUTES * MINUTE_MS;
/** last_seen_at is written at most once a minute per session. */
const TOUCH_EVERY_MS = MINUTE_MS;
/** The cookie's token: 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Audit rows read at a time for an export. */
const EXPORT_BATCH = 1_000;

export interface StaffClient {
  ip: string;
  userAgent: string;
}

interface StaffDeps {
  db: Db;
  kv: KeyValue;
  limits: Config['login'];
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** The keys the TOTP secrets are sealed with (totpKeyring of the configuration). */
  totpKeys: TotpKeyring;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const isRole = (role: string): role is StaffRole => (STAFF_ROLE_KEYS as readonly string[]).includes(role);

function principalOf(
  row: { staff_id: number; username: string; role: string },
  sessionId: number,
  idleUntil: Date,
): StaffPrincipal {
  // A role the code does not know grants nothing (the service role's read-only set would still be a guess).
  const role = isRole(row.role) ? row.role : 'service';
  return {
    id: row.staff_id,
    username: row.username,
    role,
    permissions: isRole(row.role) ? permissionsOf(role) : [],
    sessionId,
    idleUntil,
  };
}

/** Shanghai YYYY-MM-DD dates to stored UTC times: `from` its first instant, `to` the first instant after it. */
function filterOf(query: AuditQuery): AuditFilter {
  return {
    ...givenFields({
      staffId: query.staff_id,
      action: query.action,
      targetType: query.target_type,
      targetId: query.target_id,
    }),
    ...shanghaiDayBounds(query.from, query.to),
  };
}

export function createStaffService({ db, kv, limits, now, sleep, totpKeys, log }: StaffDeps) {
  // The member's guard under its own keys: a lock is a lock here (no captcha lets anyone past), and every refusal
  // says only that the sign-in failed or is locked.
  const guard = createLoginGuard({
    prefix: 'staff:login',
    refusals: {
      ipLocked: () => errors.staffLocked(),
      accountLocked: errors.staffLocked,
      failed: errors.staffLoginFailed,
    },
    kv,
    limits,
    now,
    sleep,
  });
  const noCaptcha = async () => false;
  const recordAudit: RecordAudit = auditWriter(now);

  /** The staff row when the password and an unused code are right; null otherwise (logged, not audited). */
  async function checkBoth(body: StaffLoginBody): Promise<StaffRow | null> {
    const staff = await findStaffByUsername(db, body.username);
    // An unknown username costs the same hash as a wrong password.
    const passwordRight = staff
      ? await verifyPassword(staff.password_hash, body.password)
      : await verifyDummy(body.password);
    const secret = staff && passwordRight ? openTotpSecret(totpKeys, staff.totp_secret) : null;
    if (staff && passwordRight && secret === null)
      log.error({ username: body.username }, 'staff TOTP secret sealed under a key not configured');
    const step =
      staff && secret !== null ? await acceptedStep(secret, body.totp, now(), staff.totp_last_step) : null;
    // Taken atomically: two sign-ins with the same code, one wins.
    if (staff && secret !== null && step !== null && (await takeTotpStep(db, staff.id, step))) {
      // A secret stored before sealing (a database restored from then): sealed now.
      if (secret === staff.totp_secret)
        await resealTotpSecret(db, staff.id, secret, sealTotpSecret(totpKeys, secret));
      return staff;
    }
    log.warn({ username: body.username }, 'staff sign-in failed');
    return null;
  }

  const auditLog = (query: AuditQuery) =>
    filteredList(auditList, db, filterOf(query), (rows) => rows.map(toAuditEntry));

  return {
    /** The audit writer handed to every console module (inside the caller's transaction). */
    recordAudit,

    /** An export's rows, audited with its filter and row count once written (the console routes' `auditedRows`). */
    auditedExport: exportAuditor(db, recordAudit),

    /** Seals every TOTP secret still stored in clear (run at start, before the server listens). */
    sealClearSecrets(): Promise<ResealResult> {
      return resealTotpSecrets(db, totpKeys, 'clear');
    },

    /**
     * Password and code checked under the login guard; success opens a session (its token for the cookie) and
     * writes `auth.login`. Unknown username, wrong password, wrong or reused code all answer MSG.staffLoginFailed.
     */
    async login(
      body: StaffLoginBody,
      client: StaffClient,
    ): Promise<{ token: string; staff: StaffPrincipal }> {
      const row = await guard.attempt(body.username, client.ip, () => checkBoth(body), noCaptcha);
      if (row.disabled) throw errors.staffDisabled();
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const sessionId = await db.transaction().execute(async (trx) => {
        const id = await insertSession(trx, {
          staff_id: row.id,
          token_hash: sha256Hex(token),
          ip: client.ip,
          user_agent: client.userAgent.slice(0, 512),
          at: at.toISOString(),
        });
        await recordAudit(trx, {
          staff: { id: row.id, username: row.username },
          ip: client.ip,
          action: 'auth.login',
          targetType: 'staff_session',
          targetId: id,
          after: { user_agent: client.userAgent.slice(0, 512) },
        });
        return id;
      });
      const staff = principalOf(
        { staff_id: row.id, username: row.username, role: row.role },
        sessionId,
        new Date(at.getTime() + IDLE_MS),
      );
      return { token, staff };
    },

    /**
     * The staff member of a cookie's token: 401 when there is none, it is ended, its account disabled, or it was idle
     * longer than STAFF_IDLE_MINUTES (the session is then ended). Each call keeps it alive.
     */
    async authenticate(token: string | null): Promise<StaffPrincipal> {
      if (!token || !TOKEN_PATTERN.test(token)) throw errors.staffSessionExpired();
      const row = await findLiveSession(db, sha256Hex(token));
      if (!row) throw errors.staffSessionExpired();
      const at = now();
      const lastSeen = new Date(row.last_seen_at).getTime();
      if (row.disabled || at.getTime() - lastSeen >= IDLE_MS) {
        await endSession(db, row.session_id, at.toISOString());
        throw errors.staffSessionExpired();
      }
      let seen = lastSeen;
      if (at.getTime() - lastSeen >= TOUCH_EVERY_MS) {
        await touchSession(db, row.session_id, at.toISOString());
        seen = at.getTime();
      }
      return principalOf(row, row.session_id, new Date(seen + IDLE_MS));
    },

    /** Ends the session and writes `auth.logout`. */
    async logout(staff: StaffPrincipal, actor: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await endSession(trx, staff.sessionId, now().toISOString());
        await recordAudit(trx, {
          ...actor,
          action: 'auth.logout',
          targetType: 'staff_session',
          targetId: staff.sessionId,
        });
      });
    },

    /** The audit log, filtered, newest first. */
    auditPage: (query: AuditQuery, paging: Paging): Promise<Page<AuditEntry>> => auditLog(query).page(paging),

    /** Every row of the filter for the export, newest first, read a batch at a time as the file is written. */
    auditExport: (query: AuditQuery) => auditLog(query).export(now(), EXPORT_BATCH),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
