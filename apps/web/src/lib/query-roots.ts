// Query key roots shared across features: a change in one area (the customer book) marks another area's cached
// answers stale (the dashboard's counts and charts, the policy tools' customer pickers) without importing it. The
// layout's push handlers invalidate through these roots too, not through a feature's keys file: the bundler may place
// that file beside the feature's schemas, and every page would then load zod (bench/README.md, the JS budgets).
const COMMERCE = ['commerce'] as const;

export const queryRoots = {
  /** Every dashboard call of one account (features/dashboard/api/keys.ts builds on it). */
  dashboard: (userId: number) => ['dashboard', userId] as const,
  /** The policy tools' calls of one account (their customer pickers and matched customers). */
  policyTools: (userId: number) => ['policy-tools', userId] as const,
  /** 我的订阅 and 推送设置 (features/subscriptions/api/keys.ts builds on it): a matched policy's push refreshes them. */
  subscriptions: ['subscriptions'] as const,
  /** Every shop call (features/commerce/api/keys.ts builds on it). */
  commerce: COMMERCE,
  /** One account's orders, list and details (features/commerce `orderListKey`): an issued invoice marks them stale. */
  orders: (userId: number) => [...COMMERCE, userId, 'orders'] as const,
  /** Every invoice call (lib/invoices/keys.ts builds on it); an issued invoice's push marks them all stale. */
  invoices: ['invoices'] as const,
};
