// The console's routes under /admin/: 登录, then the signed-in layout with one route per section of sections.ts.
import { Result, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { useSession } from '../lib/session';
import LoginPage from '../pages/login/login-page';
import { ConsoleLayout } from './console-layout';
import { FailureEffects } from './failure-effects';
import { RequirePermission, RequireSession } from './require-session';
import { SECTIONS, type Section, sectionsFor } from './sections';

function Root() {
  return (
    <>
      <FailureEffects />
      <Outlet />
    </>
  );
}

const pages = new Map(SECTIONS.map((s) => [s.path, lazy(s.load)]));

function SectionPage({ section }: { section: Section }) {
  const { data } = useSession();
  const Page = pages.get(section.path);
  if (!Page) return null;
  return (
    <RequirePermission allowed={Boolean(data?.permissions.includes(section.permission))}>
      <Suspense
        fallback={
          <div className="uc-admin-center">
            <Spin />
          </div>
        }
      >
        <Page />
      </Suspense>
    </RequirePermission>
  );
}

/** /admin/ opens the first section the role may open. */
function Home() {
  const { data } = useSession();
  const first = sectionsFor(data?.permissions ?? [])[0];
  if (!first) return <Result status="403" title="当前角色没有可用的功能" />;
  return <Navigate to={`/${first.path}`} replace />;
}

export const consoleRoutes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: 'login', element: <LoginPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <ConsoleLayout />,
            children: [
              { index: true, element: <Home /> },
              ...SECTIONS.map((section) => ({
                path: section.path,
                element: <SectionPage section={section} />,
              })),
              { path: '*', element: <Result status="404" title="404" subTitle="页面不存在" /> },
            ],
          },
        ],
      },
    ],
  },
];
