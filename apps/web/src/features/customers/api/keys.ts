// Query keys of the customer pages, per user so another login never sees a cached list.
export const customerKeys = {
  forUser: (userId: number) => ['customers', userId] as const,
};
