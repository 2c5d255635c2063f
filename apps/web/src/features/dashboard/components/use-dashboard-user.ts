// Who is looking at the dashboard: the session, the member info and the permission flags derived from both.
import { type Access, computeAccess } from '../../../lib/access';
import { useCusInfo } from '../../../lib/api/get-cus-info';
import { useAuthStore } from '../../../lib/auth-store';

export interface DashboardUser {
  userId: number;
  loggedIn: boolean;
  /** Level from getCusInfo when known (the database's), else the token's. */
  level: number;
  access: Access;
}

export function useDashboardUser(): DashboardUser {
  const token = useAuthStore((s) => s.token);
  const name = useAuthStore((s) => s.name);
  const tokenLevel = useAuthStore((s) => s.level);
  const userId = useAuthStore((s) => s.id);
  const loggedIn = Boolean(token);
  const info = useCusInfo(userId, loggedIn).data;
  const level = info?.level || tokenLevel;
  return {
    userId,
    loggedIn,
    level,
    access: computeAccess({ token, name, level, isSub: info?.is_sub ?? false }),
  };
}
