// Page rendering of the web tests, as the app shows pages: the app providers, a query client and a memory router
// that the HTTP client's interceptors navigate (403, 503, re-login), with the current location on screen.
import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { observedStylesOnly } from '@uc/shared';
import { type ReactNode, useEffect } from 'react';
import {
  createMemoryRouter,
  type InitialEntry,
  Outlet,
  type RouteObject,
  RouterProvider,
  useLocation,
  useNavigate,
} from 'react-router';
import { AppProviders } from '../app/providers';
import { registerNavigator } from '../lib/routing/navigator';

/** A query client as the app's, without retries, so a failure shows at once. */
export function createTestQueryClient(options: { staleTime?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: options.staleTime ?? 0 },
      mutations: { retry: false },
    },
  });
}

/** Shows where the router is, path and query: `routerPath()` reads it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Hands the router to code outside React (the HTTP client's interceptors), as the app's router does. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(
    () => registerNavigator((to, options) => void navigate(to, { replace: options?.replace ?? false })),
    [navigate],
  );
  return null;
}

export interface RenderAppOptions {
  /** The route path of the page; every path by default. */
  path?: string;
  /**
   * Where the router starts: the page's path by default (or '/' when it has none). A list is the history, the
   * last entry current.
   */
  at?: InitialEntry | InitialEntry[];
  /** Other routes beside the page (the login page a screen sends to, say). */
  routes?: RouteObject[];
  /** The query client; null renders without one, as the login screens paint in the app. */
  client?: QueryClient | null;
}

/** Renders `page` inside the app's providers and a memory router; returns the router and the query client. */
export function renderApp(page: ReactNode, options: RenderAppOptions = {}) {
  const path = options.path ?? '*';
  const client = options.client === undefined ? createTestQueryClient() : options.client;
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NavigatorBridge />
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [{ path, element: page }, ...(options.routes ?? [])],
      },
    ],
    { initialEntries: [options.at ?? (path === '*' ? '/' : path)].flat() },
  );
  const app = <RouterProvider router={router} />;
  const result = render(
    <StyleProvider transformers={[observedStylesOnly]}>
      <AppProviders>
        {client ? <QueryClientProvider client={client}>{app}</QueryClientProvider> : app}
      </AppProviders>
    </StyleProvider>,
  );
  return { ...result, router, client };
}

/** The router's path and query as shown on screen ('/vip/index', '/order/list?status=paid'). */
export function routerPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}
