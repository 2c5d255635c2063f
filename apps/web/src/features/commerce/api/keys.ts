// Query keys of the shop's calls. The catalogue is public; everything else belongs to one account.
export const commerceKeys = {
  all: ['commerce'] as const,
  plans: () => [...commerceKeys.all, 'plans'] as const,
  forUser: (userId: number) => [...commerceKeys.all, userId] as const,
};
