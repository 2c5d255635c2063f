// Query keys of the dashboard's calls: one root per account, so a cached card never shows another member's data.
// The root lives in lib/query-roots.ts so the customer book can mark the dashboard stale.
import { queryRoots } from '../../../lib/query-roots';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  forUser: (userId: number) => queryRoots.dashboard(userId),
};
