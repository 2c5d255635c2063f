// Rows to the console's shapes (packages/shared staff.ts): the signed-in staff member and an audit row.
import type { AuditEntry, StaffSession } from '@uc/shared';
import type { AuditLogRow } from '../../db/schema.js';
import type { StaffPrincipal } from '../../plugins/staff-auth.js';

export function toStaffSession(staff: StaffPrincipal): StaffSession {
  return {
    id: staff.id,
    username: staff.username,
    role: staff.role,
    permissions: [...staff.permissions],
    idle_until: staff.idleUntil.toISOString(),
  };
}

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    staff_id: row.staff_id,
    staff_username: row.staff_username,
    ip: row.ip,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}
