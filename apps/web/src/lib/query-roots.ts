// Query key roots shared across features: a change in one area (the customer book) marks another area's cached
// answers stale (the dashboard's counts and charts, the policy tools' customer pickers) without importing it.
export const queryRoots = {
  /** Every dashboard call of one account (features/dashboard/api/keys.ts builds on it). */
  dashboard: (userId: number) => ['dashboard', userId] as const,
  /** The policy tools' calls of one account (their customer pickers and matched customers). */
  policyTools: (userId: number) => ['policy-tools', userId] as const,
};
