// The signed-in staff member a console route acts as (request.staff).
import type { StaffPermission, StaffRole } from '@uc/shared';

export interface StaffPrincipal {
  id: number;
  username: string;
  role: StaffRole;
  /** The role's permissions (permissionsOf: data, not code). */
  permissions: readonly StaffPermission[];
  sessionId: number;
  /** When the session ends without a further call. */
  idleUntil: Date;
}
