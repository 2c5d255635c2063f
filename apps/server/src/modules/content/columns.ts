// The columns every reader of a policy item selects (qualified, so a query joining policy_items reads the same list):
// one list for the member's lists, details, favourites and calendars, the open API and the policy tools.
export const POLICY_ITEM_COLUMNS = [
  'policy_items.id',
  'policy_items.type',
  'policy_items.title',
  'policy_items.dept_name',
  'policy_items.city_code',
  'policy_items.area_code',
  'policy_items.industry_code',
  'policy_items.publish_time',
  'policy_items.end_time',
] as const;

/** Who an item is for (policy/scope.ts `Scope`): its city, district and industry. */
export const POLICY_SCOPE_COLUMNS = [
  'policy_items.city_code',
  'policy_items.area_code',
  'policy_items.industry_code',
] as const;
