// Pages of the lists that can grow (ARCHITECTURE.md §4: `page`, `size`, total count).

/** One page of a list. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** The two "more" calls answer data.success and a list (SPEC.md §7). */
export interface PagedSuccess<T> extends Page<T> {
  success: boolean;
}
