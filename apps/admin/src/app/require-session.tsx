// The guard of every page but 登录: the cookie's session, or 登录 (saying the session ended when it had one).
import { MSG } from '@uc/shared';
import { Result, Spin } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_PATH, type LoginState } from '../lib/paths';
import { useSession } from '../lib/session';

export function RequireSession() {
  const { data, error, isPending } = useSession();
  const location = useLocation();
  if (isPending)
    return (
      <div className="uc-admin-center">
        <Spin size="large" />
      </div>
    );
  if (error) {
    const status = 'status' in error ? (error as { status: number }).status : 0;
    if (status === 401) {
      // A session known before that the server no longer has: it ended (idle too long, or signed out elsewhere).
      const state: LoginState = { expired: Boolean(data), from: location.pathname + location.search };
      return <Navigate to={LOGIN_PATH} replace state={state} />;
    }
    return <Result status="error" title="加载失败" subTitle={error.message} />;
  }
  return <Outlet />;
}

/** A section's page, or 403 when the role lacks its permission (a typed URL; the menu does not show it). */
export function RequirePermission({ allowed, children }: { allowed: boolean; children: React.ReactNode }) {
  if (!allowed) return <Result status="403" title="403" subTitle={MSG.staffForbidden} />;
  return children;
}
