// Thin layer over decideGuard: fetches the session when told to, redirects, or renders the matched route.
import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useAccess } from '../../lib/access';
import { useAuthStore } from '../../lib/session/auth-store';
import { bootstrapSession } from '../../lib/session/session';
import { useMenuModel } from '../routes/use-menu-model';
import { decideGuard } from './decide';

export function SessionGate() {
  const location = useLocation();
  const token = useAuthStore((s) => s.token);
  const name = useAuthStore((s) => s.name);
  const boot = useAuthStore((s) => s.boot);
  const access = useAccess();
  const model = useMenuModel();
  const granted = useMemo(() => (model ? new Set(model.byPath.keys()) : null), [model]);

  const decision = decideGuard({
    pathname: location.pathname,
    search: `${location.search}${location.hash}`,
    hasToken: Boolean(token),
    name,
    boot,
    granted,
    access,
  });

  useEffect(() => {
    if (decision.type === 'bootstrap') void bootstrapSession();
  }, [decision.type]);

  switch (decision.type) {
    case 'allow':
      return <Outlet />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    default:
      return <PageLoader fullscreen tip="正在加载会员信息…" />;
  }
}
