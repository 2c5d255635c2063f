// Test rendering of screens as the app shows them: the app providers, an optional query client, a memory router.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';

/**
 * Renders `routes` at `initialEntries` inside the app providers. Screens of the layout get `client` (the query
 * provider lives in the layout); the login screens paint without one, as in the app.
 */
export function renderRoutes(
  routes: RouteObject[],
  initialEntries: InitialEntry[],
  options: { client?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const app = <RouterProvider router={router} />;
  const result = render(
    <AppProviders>
      {options.client ? <QueryClientProvider client={options.client}>{app}</QueryClientProvider> : app}
    </AppProviders>,
  );
  return { ...result, router };
}
