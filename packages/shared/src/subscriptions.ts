// The member's policy subscriptions (SPEC.md §7 subscribe calls).

/** One subscription of the member. */
export interface SubscriptionItem {
  id: number;
  title: string;
}
