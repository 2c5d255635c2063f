// Renders the page the menu tree grants for the current path (the guard has already allowed it).
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { normalizePath, paths } from '../../paths';
import { resolvePage } from './registry';
import { useMenuModel } from './use-menu-model';

export function MenuPage() {
  const { pathname } = useLocation();
  const model = useMenuModel();
  const route = model?.byPath.get(normalizePath(pathname));
  if (!route) return <Navigate to={paths.notFound} replace />;
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  const Page = resolvePage(route.component);
  return (
    <Suspense fallback={<PageLoader />}>
      <Page key={route.path} title={route.title} />
    </Suspense>
  );
}
