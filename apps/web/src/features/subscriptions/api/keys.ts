// Query keys of 我的订阅 and 推送设置: everything of one user under one prefix, so a save or a push refreshes it.
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  forUser: (userId: number) => ['subscriptions', userId] as const,
};
