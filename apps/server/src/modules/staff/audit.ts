// The audit writer every console module calls INSIDE its own transaction, so the change and its row commit or roll
// back together. It is handed to a module through modules/index.ts (`audit: staff.recordAudit`), typed `RecordAudit`.
// Rows are append-only: nothing updates or deletes them, and triggers refuse it on both databases.
import type { StaffAction } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { AuditActor, AuditedExport } from '../../plugins/staff-auth.js';
import { insertAudit } from './repo.js';

// Who acted is the staff-auth plugin's type (it builds the actor from the request); the modules that write audit rows
// take it from here with RecordAudit.
export type { AuditActor };

export interface AuditInput extends AuditActor {
  /** A dotted action name of STAFF_ACTIONS: `orders.refund`, `members.set_plan`, `auth.login`. */
  action: StaffAction;
  /** What was acted on: `order`, `member`, `staff`. */
  targetType: string;
  targetId: string | number;
  /** The state before and after, stored as JSON text (undefined or null: none). */
  before?: unknown;
  after?: unknown;
  /** Why (the `reasonField` of the request), '' when the action has none. */
  reason?: string;
}

/** Writes one audit row with `db`: the caller's transaction (or the database for a change of its own). */
export type RecordAudit = (db: Db, entry: AuditInput) => Promise<void>;

/** The staff id and name audit rows of the command line carry (no staff member is signed in there). */
export const CLI_ACTOR: AuditActor = { staff: { id: 0, username: 'cli' }, ip: '' };

const jsonOf = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

/** The audit writer, on the given clock. */
export function auditWriter(now: () => Date): RecordAudit {
  return (db, entry) =>
    insertAudit(db, {
      at: now().toISOString(),
      staff_id: entry.staff.id,
      staff_username: entry.staff.username,
      ip: entry.ip,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      before: jsonOf(entry.before),
      after: jsonOf(entry.after),
      reason: entry.reason ?? '',
    });
}

export function exportAuditor(db: Db, record: RecordAudit): AuditedExport {
  return async function* audited<T>(
    actor: AuditActor,
    action: StaffAction,
    filter: object,
    rows: AsyncIterable<T>,
  ): AsyncGenerator<T> {
    let count = 0;
    let complete = false;
    try {
      for await (const row of rows) {
        count += 1;
        yield row;
      }
      complete = true;
    } finally {
      await record(db, {
        ...actor,
        action,
        targetType: 'export',
        targetId: action.split('.')[0] ?? action,
        after: { filter, rows: count, ...(complete ? {} : { complete: false }) },
      });
    }
  };
}
