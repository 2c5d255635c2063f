// Renders the console at a path: its providers, its routes in a memory router, a fresh query client.
import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { observedStylesOnly, permissionsOf, type StaffRole, type StaffSession } from '@uc/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers';
import { consoleRoutes } from '../app/routes';

export function renderConsole(path: string) {
  const router = createMemoryRouter(consoleRoutes, { initialEntries: [path] });
  const view = render(
    <StyleProvider transformers={[observedStylesOnly]}>
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StyleProvider>,
  );
  return { ...view, router };
}

/** A session as the server answers it for a role. */
export function sessionOf(role: StaffRole, username = 'ops01'): StaffSession {
  return {
    id: 7,
    username,
    role,
    permissions: [...permissionsOf(role)],
    idle_until: '2026-11-27T08:00:00.000Z',
  };
}
