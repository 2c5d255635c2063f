// Pages of the lists that can grow (docs/architecture.md §4: `page`, `size`, total count).

/** One page of a list. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** The two "more" calls answer data.success and a list (docs/requirements.md §7). */
export interface PagedSuccess<T> extends Page<T> {
  success: boolean;
}
