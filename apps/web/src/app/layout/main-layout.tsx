// The main layout (docs/requirements.md §2): header, sidebar, breadcrumb, content or tool iframe, footer.
import { QueryClientProvider } from '@tanstack/react-query';
import { COOKIE } from '@uc/shared';
import { Drawer, Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { SiteFooter } from '../../components/site-footer';
import { useAuthStore } from '../../lib/session/auth-store';
import { getCookie, setCookie } from '../../lib/session/cookies';
import '../../lib/ui/dayjs';
import { queryClient } from '../../lib/http/query-client';
import { allowedToolUrl } from '../../lib/routing/redirect';
import { runtimeConfig } from '../../lib/runtime-config';
import { usePushChannel } from '../../lib/session/push';
import { preloadFeedback } from '../../lib/ui/feedback';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { whenIdle } from '../../lib/ui/when-idle';
import { useMenuModel } from '../routes/use-menu-model';
import { AppBreadcrumb, useRouteTitle } from './app-breadcrumb';
import { AppHeader } from './app-header';
import './layout.css';
import { Sidebar } from './sidebar';
import { ToolFrame } from './tool-frame';
import { useChatbot } from './use-chatbot';
import { useInboxPush } from './use-inbox-push';
import { useInvoicePush } from './use-invoice-push';
import { usePolicyPush } from './use-policy-push';

export function MainLayout() {
  const [collapsed, setCollapsed] = useState(() => getCookie(COOKIE.sidebar) === '1');
  const phone = useMediaQuery(PHONE_QUERY);
  const { pathname, search: query } = useLocation();
  const [search] = useSearchParams();
  // The phone menu belongs to the page it was opened on: any navigation (a menu click included) closes it.
  // Wider than a phone there is no drawer at all.
  const place = `${pathname}${query}`;
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = phone && drawerOpenAt === place;
  const token = useAuthStore((s) => s.token);
  const model = useMenuModel();
  const toolUrl = allowedToolUrl(search.get('redirect'), runtimeConfig().toolHosts);
  const title = useRouteTitle(model);
  useDocumentTitle(title);
  useChatbot(Boolean(token));
  usePushChannel(token);
  usePolicyPush();
  useInvoicePush();
  useInboxPush();
  // Pages in the layout toast and confirm things (logout, deletions): have that code ready, once the first view is
  // drawn (it is antd's message and modal, with their styles: a long task on a phone while the page hydrates).
  useEffect(() => whenIdle(() => preloadFeedback(), 3_000), []);

  const toggle = () => {
    if (phone) {
      setDrawerOpenAt(drawerOpen ? null : place);
      return;
    }
    setCollapsed((value) => {
      setCookie(COOKIE.sidebar, value ? '0' : '1', 365);
      return !value;
    });
  };

  return (
    <QueryClientProvider client={queryClient}>
      <Layout className="uc-layout">
        <AppHeader collapsed={collapsed} onToggle={toggle} phone={phone} drawerOpen={drawerOpen} />
        <Layout hasSider>
          {/* On a phone there is no rail: the whole width goes to the page and the menu opens in the drawer. */}
          {!phone && (
            <Layout.Sider
              className="uc-sider"
              collapsible
              collapsed={collapsed}
              trigger={null}
              width={224}
              collapsedWidth={64}
              theme="light"
            >
              <Sidebar model={token ? model : null} collapsed={collapsed} label="侧边菜单" />
            </Layout.Sider>
          )}
          {phone && (
            <Drawer
              id="uc-menu-drawer"
              placement="left"
              size={256}
              open={drawerOpen}
              onClose={() => setDrawerOpenAt(null)}
              title="菜单"
              className="uc-menu-drawer"
              styles={{ body: { padding: 0 } }}
            >
              <Sidebar model={token ? model : null} collapsed={false} label="菜单" />
            </Drawer>
          )}
          <Layout className="uc-main">
            <div className="uc-breadcrumb-bar">
              <AppBreadcrumb model={token ? model : null} {...(toolUrl ? { extra: '在线工具' } : {})} />
            </div>
            <Layout.Content className="uc-content">
              {/* The page's one top-level heading, for screen readers: the breadcrumb shows the same words. */}
              <h1 className="uc-sr-only">{title ?? '会员中心'}</h1>
              {toolUrl ? (
                <ToolFrame url={toolUrl} />
              ) : (
                <Suspense fallback={<PageLoader />}>
                  <Outlet />
                </Suspense>
              )}
            </Layout.Content>
            <Layout.Footer className="uc-footer">
              <SiteFooter />
            </Layout.Footer>
          </Layout>
        </Layout>
      </Layout>
    </QueryClientProvider>
  );
}
