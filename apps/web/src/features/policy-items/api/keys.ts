// Query keys of 政策详情, 收藏 and 申报日历: everything of a member under one prefix, so a favourite changed
// refreshes the detail and the calendar alike.
export const policyItemKeys = {
  forUser: (userId: number) => ['policyItems', userId] as const,
};
