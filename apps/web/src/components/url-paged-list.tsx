// A list paged through the URL, as the member's lists (订单, 发票记录, 子账号, 消息) draw it: a skeleton while the first
// page loads, a retry when it failed, the list's own empty state, else its rows (dimmed while the next page loads)
// over the pager; a page past the last one is brought back to the last.
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@uc/shared';
import { Skeleton, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { LoadErrorResult } from './load-error-result';
import { UrlPagination, useKeepPageInRange, type useUrlPagination } from './url-pagination';

export function UrlPagedList<T>({
  query,
  pager: { page, size, setPage },
  skeletonRows,
  empty,
  simple,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  /** The page and size of the URL (useUrlPagination). */
  pager: ReturnType<typeof useUrlPagination>;
  /** The skeleton's lines while the first page loads. */
  skeletonRows: number;
  /** What a list without rows shows. */
  empty: ReactNode;
  /** A phone's pager (UrlPagination's `simple`). */
  simple?: boolean;
  /** The rows of the page. */
  children: (rows: T[]) => ReactNode;
}) {
  useKeepPageInRange(page, size, query.isPlaceholderData ? undefined : query.data?.total);
  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: skeletonRows }} />;
  if (query.isError) return <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return empty;
  return (
    <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
      {children(query.data.list)}
      <UrlPagination page={page} size={size} total={query.data.total} onChange={setPage} simple={simple} />
    </div>
  );
}

/** A page's rows as a table on a wide screen: the pager is the list's, under it. */
export function RowsTable<T extends object>({
  rows,
  rowKey,
  columns,
  label,
  scrollX,
}: {
  rows: T[];
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  /** The table's accessible name, e.g. 订单列表. */
  label: string;
  /** 'max-content': a wide table scrolls sideways instead of squeezing its columns. */
  scrollX?: 'max-content';
}) {
  return (
    <Table<T>
      rowKey={rowKey}
      columns={columns}
      dataSource={rows}
      pagination={false}
      size="middle"
      aria-label={label}
      scroll={scrollX ? { x: scrollX } : undefined}
    />
  );
}
