// The operator console's staff: their accounts (password and TOTP second factor), their sessions (only a SHA-256 of
// the cookie's token is kept), and the audit log every changing staff action writes. The audit log is append-only:
// a trigger refuses any UPDATE or DELETE of its rows on both databases. Frozen once merged: never edit it, never
// import app code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { withId } from './columns.js';

/** What the triggers answer when something tries to change an audit row. */
const APPEND_ONLY = 'audit_log is append-only';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('staff'), postgres)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // 'admin' | 'ops' | 'finance' | 'service' (packages/shared staff.ts STAFF_ROLES)
    .addColumn('role', 'text', (c) => c.notNull())
    // Base32, as the otpauth:// URL carries it.
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    // The last accepted 30-second step: a code of this step or an earlier one is refused (no code works twice).
    .addColumn('totp_last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('staff_sessions'), postgres)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    // SHA-256 hex of the cookie's random token: the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();

  // No foreign key to staff: a row outlives any change to the account, and the CLI writes rows as staff 0.
  await withId(db.schema.createTable('audit_log'), postgres)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('staff_username', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_staff_idx').on('audit_log').columns(['staff_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();

  if (postgres) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception '${sql.raw(APPEND_ONLY)}';
      end
      $$`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    // TRUNCATE skips row triggers: refuse it as well.
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, '${sql.raw(APPEND_ONLY)}'); end`.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, '${sql.raw(APPEND_ONLY)}'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
    await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
    await sql`drop function audit_log_append_only()`.execute(db);
  } else {
    await sql`drop trigger audit_log_no_delete`.execute(db);
    await sql`drop trigger audit_log_no_update`.execute(db);
  }
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff').execute();
}
