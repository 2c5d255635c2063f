// A server-paged list whose filter and page live in the URL (a list can be bookmarked, shared and reloaded).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, StaffPermission } from '@uc/shared';
import { useSearchParams } from 'react-router';
import { api } from '../lib/http';
import type { Filter, SearchField } from './search-form';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];

/** A console list as data: what it is called, where it reads, how it is searched and what it exports. */
export interface ListSpec {
  /** The search form; its fields' names (a date range's two) are the filter's query parameters. */
  fields: readonly SearchField[];
  /** The list's title (its card's). */
  title: string;
  /** The query key's first part, e.g. 'audit'. */
  key: string;
  /** The GET path answering Page<T>. */
  path: string;
  /** Query parameters of the filter set outside the form (发票's state tabs), before the form's. */
  outsideKeys?: readonly string[];
  /**
   * 导出: the .xlsx of the list with the filter in force, its name when the server gives none, and the section's
   * export permission (without it the button is not shown). A working queue read one by one (工单, 帮助文章) has none.
   */
  exportTo?: { path: string; fileName: string; permission: StaffPermission };
}

/** The query parameters that make the filter (the rest of the URL is ignored). */
const filterKeysOf = (spec: ListSpec): string[] => [
  ...(spec.outsideKeys ?? []),
  ...spec.fields.flatMap((field) => (field.kind === 'dateRange' ? [field.from, field.to] : [field.name])),
];

function positive(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function useListQuery<T>(spec: ListSpec) {
  const [params, setParams] = useSearchParams();
  const filter: Filter = {};
  for (const name of filterKeysOf(spec)) {
    const value = params.get(name);
    if (value) filter[name] = value;
  }
  const page = positive(params.get('page'), 1);
  const size = positive(params.get('size'), DEFAULT_PAGE_SIZE);

  const query = useQuery({
    queryKey: [spec.key, filter, page, size],
    queryFn: () => api<Page<T>>(spec.path, { query: { ...filter, page, size } }),
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
    spec,
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
