// Query keys of the dashboard's calls: one root per account, so a cached card never shows another member's data.
export const dashboardKeys = {
  all: ['dashboard'] as const,
  forUser: (userId: number) => [...dashboardKeys.all, userId] as const,
};
