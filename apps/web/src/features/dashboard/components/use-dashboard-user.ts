// Who is looking at the dashboard: the session and its permission flags, refined by the member info.
import { type SessionAccess, useAccess } from '../../../lib/access';
import { useCusInfo } from '../../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../../lib/session/auth-store';

export interface DashboardUser {
  userId: number;
  loggedIn: boolean;
  access: SessionAccess;
}

export function useDashboardUser(): DashboardUser {
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.id);
  const loggedIn = Boolean(token);
  const access = useAccess(useCusInfo(userId, loggedIn).data);
  return { userId, loggedIn, access };
}
