// The router: static public and error pages, the layout with the dashboard, and the menu-granted pages.
//
// Menu pages are not separate router entries: the layout's splat child renders whatever the session's menu
// tree grants for the path (menu-page.tsx), and the guard above it (session-gate.tsx) fetches the tree before
// the first protected render and only then decides 401/404. So a refresh on a dynamic route stays there,
// login and logout swap the tree without rebuilding the router, and the 404 fallback always comes last.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { withTimeout } from '../lib/routing/lazy-page';
import { registerNavigator } from '../lib/routing/navigator';
import { BASENAME, paths } from '../paths';
import { SessionGate } from './guard/session-gate';
import { RouteErrorPage } from './route-error-page';
import { MenuPage } from './routes/menu-page';

/** A route-level lazy page (named export) with the chunk load timeout. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['lazy'] {
  return async () => ({ Component: (await withTimeout(load))[name] });
}

const rel = (path: string) => path.replace(/^\//, '');

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <SessionGate />,
    hydrateFallbackElement: <PageLoader fullscreen />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to={paths.dashboard} replace /> },
      { path: rel(paths.login), lazy: page(() => import('../features/auth/login-page'), 'LoginPage') },
      {
        path: rel(paths.register),
        lazy: page(() => import('../features/auth/register-page'), 'RegisterPage'),
      },
      {
        path: rel(paths.findpwd),
        lazy: page(() => import('../features/auth/findpwd-page'), 'FindPasswordPage'),
      },
      {
        path: rel(paths.unauthorized),
        lazy: page(() => import('../features/errors/unauthorized-page'), 'UnauthorizedPage'),
      },
      {
        path: rel(paths.forbidden),
        lazy: page(() => import('../features/errors/forbidden-page'), 'ForbiddenPage'),
      },
      {
        path: rel(paths.notFound),
        lazy: page(() => import('../features/errors/not-found-page'), 'NotFoundPage'),
      },
      {
        path: rel(paths.tooManyRequests),
        lazy: page(() => import('../features/errors/too-many-requests-page'), 'TooManyRequestsPage'),
      },
      {
        path: rel(paths.vipNoPermission),
        lazy: page(() => import('../features/errors/vip-no-permission-page'), 'VipNoPermissionPage'),
      },
      {
        path: rel(paths.subAccountNoPermission),
        lazy: page(
          () => import('../features/errors/sub-account-no-permission-page'),
          'SubAccountNoPermissionPage',
        ),
      },
      {
        lazy: page(() => import('./layout/main-layout'), 'MainLayout'),
        children: [
          {
            path: rel(paths.dashboard),
            lazy: page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
          },
          {
            path: rel(paths.payResult),
            lazy: page(() => import('../features/commerce/pay-result-page'), 'PayResultPage'),
          },
          // 帮助中心 is open to visitors too: outside the menu tree (a member's menus list it for the sidebar).
          { path: rel(paths.help), lazy: page(() => import('../features/help/help-page'), 'HelpPage') },
          {
            path: rel(paths.helpArticle),
            lazy: page(() => import('../features/help/help-article-page'), 'HelpArticlePage'),
          },
          // 搜索 is reached from the header's box on every page, not from the menu tree.
          {
            path: rel(paths.search),
            lazy: page(() => import('../features/search/search-page'), 'SearchPage'),
          },
          { path: '*', element: <MenuPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: BASENAME });
  registerNavigator((to, options) => {
    void router.navigate(to, { replace: options?.replace ?? false });
  });
  return router;
}
