// Query keys of the shop's calls. The catalogue is public; everything else belongs to one account.
import { queryRoots } from '../../../lib/query-roots';

export const commerceKeys = {
  all: queryRoots.commerce,
  plans: () => [...commerceKeys.all, 'plans'] as const,
  forUser: (userId: number) => [...commerceKeys.all, userId] as const,
};
