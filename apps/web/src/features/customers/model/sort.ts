// The table's sort state and the URL's sort and order, both ways (no sort in the URL means 添加时间, newest first).
import type { CustomerSort } from '@uc/shared';
import type { CustomerFilters } from './filters';

type TableOrder = 'ascend' | 'descend' | null | undefined;

/** The antd sort order a column shows for the filters. */
export const sortOrderOf = (filters: CustomerFilters, key: CustomerSort): 'ascend' | 'descend' | null =>
  (filters.sort ?? 'created_at') === key
    ? (filters.order ?? 'desc') === 'asc'
      ? 'ascend'
      : 'descend'
    : null;

/** The filters with the sort the table asks for: a column and its order, or none (the default order). */
export function withSort(filters: CustomerFilters, columnKey: unknown, order: TableOrder): CustomerFilters {
  const key = order ? (columnKey as CustomerSort) : undefined;
  return { ...filters, sort: key, order: key ? (order === 'ascend' ? 'asc' : 'desc') : undefined };
}
