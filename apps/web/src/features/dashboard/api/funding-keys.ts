// Query keys of the funding records: the list and the chart share a root, so one invalidation refreshes both.
import { dashboardKeys } from './keys';

export const fundingKeys = {
  all: (userId: number) => [...dashboardKeys.forUser(userId), 'funding'] as const,
};
