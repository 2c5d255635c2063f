// Test rendering for the dashboard's cards: antd (with the feedback hosts), a fresh query client and a router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../../app/providers';
import { useAuthStore } from '../../lib/auth-store';

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
  const router = createMemoryRouter(
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
    { initialEntries: [options.path ?? '/dashboard'] },
  );
  const result = render(
    <AppProviders>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...result, client, router };
}

export function setUser(user: { level: number; id?: number; name?: string } | null) {
  useAuthStore.setState(
    user
      ? { token: 'test-token', id: user.id ?? 7, name: user.name ?? 'demouser', level: user.level }
      : { token: '', id: 0, name: '', level: 0 },
  );
}
