// A server-paged list whose filter and page live in the URL (a list can be bookmarked, shared and reloaded).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@uc/shared';
import { useSearchParams } from 'react-router';
import { api } from '../lib/http';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];

/** A list's filter as the URL holds it: only the keys that have a value. */
export type Filter = Record<string, string>;

export interface ListQueryOptions {
  /** The query key's first part, e.g. 'audit'. */
  key: string;
  /** The GET path answering Page<T>. */
  path: string;
  /** The query parameters that make the filter (the rest of the URL is ignored). */
  filterKeys: readonly string[];
}

function positive(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function useListQuery<T>({ key, path, filterKeys }: ListQueryOptions) {
  const [params, setParams] = useSearchParams();
  const filter: Filter = {};
  for (const name of filterKeys) {
    const value = params.get(name);
    if (value) filter[name] = value;
  }
  const page = positive(params.get('page'), 1);
  const size = positive(params.get('size'), DEFAULT_PAGE_SIZE);

  const query = useQuery({
    queryKey: [key, filter, page, size],
    queryFn: () => api<Page<T>>(path, { query: { ...filter, page, size } }),
    placeholderData: keepPreviousData,
  });

  const write = (next: Filter, nextPage: number, nextSize: number) => {
    const out = new URLSearchParams();
    for (const [name, value] of Object.entries(next)) if (value) out.set(name, value);
    if (nextPage !== 1) out.set('page', String(nextPage));
    if (nextSize !== DEFAULT_PAGE_SIZE) out.set('size', String(nextSize));
    setParams(out);
  };

  return {
    filter,
    page,
    size,
    query,
    /** A new filter starts again at page 1. */
    search: (next: Filter) => write(next, 1, size),
    setPage: (nextPage: number, nextSize: number) =>
      write(filter, nextSize === size ? nextPage : 1, nextSize),
  };
}

export type ListQuery<T> = ReturnType<typeof useListQuery<T>>;
