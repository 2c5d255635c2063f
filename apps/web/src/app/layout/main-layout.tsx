// The main layout (SPEC.md §2): header, sidebar, breadcrumb, content or tool iframe, footer.
import { QueryClientProvider } from '@tanstack/react-query';
import { COOKIE } from '@uc/shared';
import { Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useSearchParams } from 'react-router';
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
import { useMenuModel } from '../routes/use-menu-model';
import { AppBreadcrumb, useRouteTitle } from './app-breadcrumb';
import { AppHeader } from './app-header';
import './layout.css';
import { Sidebar } from './sidebar';
import { ToolFrame } from './tool-frame';
import { useChatbot } from './use-chatbot';

export function MainLayout() {
  const [collapsed, setCollapsed] = useState(() => getCookie(COOKIE.sidebar) === '1');
  const [search] = useSearchParams();
  const token = useAuthStore((s) => s.token);
  const model = useMenuModel();
  const toolUrl = allowedToolUrl(search.get('redirect'), runtimeConfig().toolHosts);
  useDocumentTitle(useRouteTitle(model));
  useChatbot(Boolean(token));
  usePushChannel(token);
  // Pages in the layout toast and confirm things (logout, deletions): have that code ready.
  useEffect(() => preloadFeedback(), []);

  const toggle = () => {
    setCollapsed((value) => {
      setCookie(COOKIE.sidebar, value ? '0' : '1', 365);
      return !value;
    });
  };

  return (
    <QueryClientProvider client={queryClient}>
      <Layout className="uc-layout">
        <AppHeader collapsed={collapsed} onToggle={toggle} />
        <Layout hasSider>
          <Layout.Sider
            className="uc-sider"
            collapsible
            collapsed={collapsed}
            trigger={null}
            width={224}
            collapsedWidth={64}
            // Phones and narrow windows start with the icon rail; the header button still opens the full menu.
            breakpoint="md"
            onBreakpoint={(narrow) => narrow && setCollapsed(true)}
            theme="light"
          >
            <Sidebar model={token ? model : null} collapsed={collapsed} />
          </Layout.Sider>
          <Layout className="uc-main">
            <div className="uc-breadcrumb-bar">
              <AppBreadcrumb model={token ? model : null} {...(toolUrl ? { extra: '在线工具' } : {})} />
            </div>
            <Layout.Content className="uc-content">
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
