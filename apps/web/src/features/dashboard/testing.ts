// Rendering of the dashboard's cards: on the dashboard, with a query client that keeps the data a test seeds.
import type { ReactNode } from 'react';
import { paths } from '../../paths';
import { createTestQueryClient, renderApp } from '../../test/render';

/** A query client whose data never goes stale: what a test puts in it is what the cards show. */
export const dashboardQueryClient = () => createTestQueryClient({ staleTime: Number.POSITIVE_INFINITY });

export function renderOnDashboard(ui: ReactNode, client = dashboardQueryClient()) {
  return renderApp(ui, { at: paths.dashboard, client });
}
