// Query keys of 我的订阅 and 推送设置: everything of one user under one prefix, so a save or a push refreshes it.
import { queryRoots } from '../../../lib/query-roots';

export const subscriptionKeys = {
  all: queryRoots.subscriptions,
  forUser: (userId: number) => [...queryRoots.subscriptions, userId] as const,
};
