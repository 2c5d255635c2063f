// Test rendering for the dashboard's cards: antd (with the feedback hosts), a fresh query client and a router.
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuthStore } from '../../lib/session/auth-store';
import { renderRoutes } from '../../test/render';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

/** Shows where the router went, so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderWithApp(ui: ReactNode, options: { client?: QueryClient; path?: string } = {}) {
  const client = options.client ?? testQueryClient();
  const result = renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
    ],
    [options.path ?? '/dashboard'],
    { client },
  );
  return { ...result, client };
}

export function setUser(user: { level: number; id?: number; name?: string } | null) {
  useAuthStore.setState(
    user
      ? { token: 'test-token', id: user.id ?? 7, name: user.name ?? 'demouser', level: user.level }
      : { token: '', id: 0, name: '', level: 0 },
  );
}
